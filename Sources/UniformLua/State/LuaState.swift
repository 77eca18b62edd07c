import CLua
import CLuaShim
import Foundation

/// One sandboxed Lua 5.4 state. Not Sendable: use it from one thread (only `interruptHandle`
/// crosses threads). Close it explicitly or let it deinit; references it handed out become inert.
///
/// Swift closures registered here should not capture the state strongly (that makes a cycle
/// through the Lua registry); use `ctx.state` inside callbacks instead.
public final class LuaState {
    @usableFromInline let core: LuaCore
    let printSink: (String) -> Void
    /// The sandbox's function that marks a table as a read-only view (`rawset` refuses it).
    private var protectView: LuaFunction?
    /// `hostMetatable(named:make:)`'s tables, by name.
    var hostMetatables: [String: LuaTableRef] = [:]

    /// Creates a state with the sandbox installed: base functions without `dofile`, `loadfile`,
    /// `require`; text-only `load`; `string` (no `dump`; bounded `rep` and patterns), `table`,
    /// `math`, `utf8`, `coroutine`; `os.time/clock/date/difftime`; `print` routed to `printSink`.
    public init(limits: LuaLimits = .init(), printSink: @escaping (String) -> Void = { _ in }) {
        // The trusted bootstrap runs without the run's time budget: a state made after it is
        // spent must still be made (its first call fails at once).
        var setup = limits
        setup.runDeadline = 0
        core = LuaCore(limits: setup)
        self.printSink = printSink
        core.owner = self
        installSandbox()
        if limits.runDeadline != 0 { self.limits = limits }
    }

    deinit { core.close() }

    /// Closes the state, releasing every Swift object it holds.
    public func close() { core.close() }
    public var isClosed: Bool { core.L == nil }

    /// Limits for the next top-level call (changeable between calls).
    public var limits: LuaLimits {
        get { core.settings }
        set {
            core.settings = newValue
            core.limits.configure(newValue)
        }
    }

    /// For another thread (REPL Ctrl-C): makes the running call fail with `.limit(.interrupted)`.
    public var interruptHandle: LuaInterruptHandle { LuaInterruptHandle(storage: core.limits) }
    public func interrupt() { cls_limits_interrupt(core.limits.pointer) }

    /// Bytes currently allocated by the state.
    public var memoryUsed: Int { Int(cls_limits_memory_used(core.limits.pointer)) }
    /// Instructions used by the last (or running) top-level call.
    public var instructionsUsed: Int64 { cls_limits_instructions_used(core.limits.pointer) }

    /// Full garbage collection (runs the `__gc` of unreachable host objects).
    public func collectGarbage() {
        guard let L = core.thread else { return }
        _ = cls_gc_collect(L)
    }

    private func installSandbox() {
        guard let L = core.L else { return }
        cls_open_sandbox(L)
        let printed = PrintBudget()
        let sink = makeFunction(name: "print") { [printSink, unowned self] ctx in
            let limit = self.limits.maxPrintBytes
            // Past the budget: not even converted. `true` tells the Lua side to stop calling.
            guard limit <= 0 || printed.bytes <= limit else { return [.boolean(true)] }
            let text = ctx.argument(1).stringValue ?? ""
            printed.bytes += text.utf8.count + 1
            if limit > 0, printed.bytes > limit {
                printSink(
                    "uniform: print stopped after \(limit) bytes (LuaLimits.maxPrintBytes); the rest of this run's print output is dropped"
                )
                return [.boolean(true)]
            }
            printSink(text)
            return []
        }
        // Whether print may write again: the REPL lifts the budget after rule files have run.
        let reopened = makeFunction(name: "print budget") { [unowned self] _ in
            let limit = self.limits.maxPrintBytes
            return [.boolean(limit <= 0 || printed.bytes <= limit)]
        }
        do {
            let boot = try load(SandboxBootstrap.source, chunkName: SandboxBootstrap.chunkName)
            protectView = try core.protectedCall(
                nresults: 1,
                push: { L in
                    boot.push(on: L)
                    cls_pushglobaltable(L)
                    cls_push_raw_base(L)
                    sink.push(on: L)
                    reopened.push(on: L)
                    return 6
                }, read: { [core] L, _ in LuaFunction(core: core, index: -1, on: L) })
        } catch {
            fatalError("uniform: the Lua sandbox bootstrap failed: \(error)")
        }
    }

    // MARK: loading and running

    /// Compiles text (never bytecode). `chunkName` is a path (`rules/a.lua` → messages read
    /// `rules/a.lua:12: ...`) or a name already starting with `@` or `=`.
    public func load(_ source: String, chunkName: String) throws -> LuaFunction {
        var s = source
        return try s.withUTF8 { try load(buffer: UnsafeRawBufferPointer($0), chunkName: chunkName) }
    }

    public func load(bytes: [UInt8], chunkName: String) throws -> LuaFunction {
        try bytes.withUnsafeBytes { try load(buffer: $0, chunkName: chunkName) }
    }

    private func load(buffer: UnsafeRawBufferPointer, chunkName: String) throws -> LuaFunction {
        guard let L = core.thread else { throw LuaError.closed() }
        let name = LuaCore.chunkName(chunkName)
        if name.hasPrefix("@") { core.chunkNames.insert(String(name.dropFirst())) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = cls_loadtext(L, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, name)
        guard status == LUA_OK else { throw core.makeError(status: status, on: L, running: name) }
        return LuaFunction(core: core, index: -1, on: L)
    }

    /// Loads and runs a chunk; returns what it returns.
    @discardableResult
    public func run(_ source: String, chunkName: String) throws -> [LuaValue] {
        try call(load(source, chunkName: chunkName))
    }

    /// Loads and runs a file; the chunk name is the path as given (keep it relative: Lua
    /// shortens sources over 60 bytes in messages).
    @discardableResult
    public func run(file path: String, chunkName: String? = nil) throws -> [LuaValue] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LuaError(kind: .runtime, message: "cannot read \(path)")
        }
        return try call(load(bytes: Array(data), chunkName: chunkName ?? path))
    }

    // MARK: calling

    /// Calls `f` under the limits (re-armed for a top-level call, shared when nested).
    @discardableResult
    public func call(_ f: LuaFunction, _ args: [LuaValue] = []) throws -> [LuaValue] {
        try core.protectedCall(
            function: f, push: { L in try core.pushArguments(args, on: L) },
            read: { L, base in core.values(from: L, above: base) })
    }

    /// Calls a function value (errors if it is not callable, like Lua).
    @discardableResult
    public func call(_ f: LuaValue, _ args: [LuaValue] = []) throws -> [LuaValue] {
        try core.protectedCall(
            push: { L in
                core.push(f, on: L)
                return try core.pushArguments(args, on: L)
            }, read: { L, base in core.values(from: L, above: base) })
    }

    /// Fast path: `push` pushes the arguments on the stack and returns how many; `read` sees the
    /// `results` results at stack indices -results...-1. No `LuaValue`s, arrays or refs needed.
    ///
    /// Inlinable so that a caller's hot loop gets it specialized, closures included; the work
    /// that needs the state's internals stays behind the three non-inlinable `LuaCore` calls.
    @inlinable
    public func call<R>(
        _ f: LuaFunction, results: Int32 = 1,
        pushing push: (LuaStack) -> Int,
        reading read: (LuaStack) throws -> R
    ) throws -> R {
        try call(f, naming: f, results: results, pushing: push, reading: read)
    }

    // MARK: Swift functions, tables, globals

    /// A Lua function running `body`. A Swift error thrown by `body` becomes a Lua error (catchable
    /// by `pcall`) with the caller's `file:line:` prefix, raised after the Swift frames return.
    public func makeFunction(
        name: String? = nil, _ body: @escaping (LuaCallContext) throws -> [LuaValue]
    ) -> LuaFunction {
        makeFunction(FunctionBox(core: core, name: name, values: body))
    }

    /// Like `makeFunction`, but `body` pushes its results on `ctx.stack` and returns their count
    /// (no arrays: the fast path for hot callbacks).
    public func makeRawFunction(name: String? = nil, _ body: @escaping (LuaCallContext) throws -> Int) -> LuaFunction {
        makeFunction(FunctionBox(core: core, name: name, raw: body))
    }

    private func makeFunction(_ box: FunctionBox) -> LuaFunction {
        guard let L = core.thread else { return LuaFunction(orphanIn: core) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = lua_checkstack(L, 4)
        let pointer = Unmanaged.passRetained(box).toOpaque()
        if let name = box.name {
            name.withCString { cls_push_swift_function(L, pointer, $0) }
        } else {
            cls_push_swift_function(L, pointer, nil)
        }
        return LuaFunction(core: core, index: -1, on: L)
    }

    /// A new table from an array part and string-keyed fields.
    public func makeTable(array: [LuaValue] = [], fields: [String: LuaValue] = [:]) -> LuaTableRef {
        guard let L = core.thread else { return LuaTableRef(orphanIn: core) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = lua_checkstack(L, 4)
        lua_createtable(L, Int32(clamping: array.count), Int32(clamping: fields.count))
        for (i, v) in array.enumerated() {
            core.push(v, on: L)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        for (k, v) in fields.sorted(by: { $0.key < $1.key }) {
            LuaCore.pushString(k, on: L)
            core.push(v, on: L)
            lua_rawset(L, -3)
        }
        return LuaTableRef(core: core, index: -1, on: L)
    }

    /// A table of Swift functions (e.g. the `uniform` API table); names are `prefix.key` in errors.
    public func makeTable(
        functions: [String: (LuaCallContext) throws -> [LuaValue]], prefix: String? = nil
    ) -> LuaTableRef {
        var fields: [String: LuaValue] = [:]
        for (k, body) in functions {
            fields[k] = .function(makeFunction(name: prefix.map { "\($0).\(k)" } ?? k, body))
        }
        return makeTable(fields: fields)
    }

    /// A read-only view of `table`: reads go through, writes raise, `pairs` walks the table, the
    /// metatable is hidden.
    public func makeReadOnly(_ table: LuaTableRef) -> LuaTableRef {
        let deny = makeFunction(name: "__newindex") { _ in
            throw LuaReadOnlyError()
        }
        var fields: [String: LuaValue] = [
            "__index": .table(table), "__newindex": .function(deny), "__metatable": false,
        ]
        let proxy = makeTable()
        // The sandbox marks the view (so `rawset` refuses it) and gives the `__pairs` that walks
        // the table behind it.
        if let protectView, let pairs = try? call(protectView, [.table(proxy), .table(table)]).first {
            fields["__pairs"] = pairs
        }
        let mt = makeTable(fields: fields)
        _ = proxy.withPushed { L, t in
            mt.push(on: L)
            lua_setmetatable(L, t)
        }
        return proxy
    }

    /// The table behind a `makeReadOnly` view, for host code that reads tables raw (the view
    /// itself when it is not one).
    public func underlying(_ table: LuaTableRef) -> LuaTableRef {
        let target: LuaTableRef?? = table.withPushed { L, t -> LuaTableRef? in
            guard lua_getmetatable(L, t) != 0 else { return nil }
            lua_pushstring(L, "__index")
            lua_rawget(L, -2)
            guard lua_type(L, -1) == LUA_TTABLE else { return nil }
            return LuaTableRef(core: core, index: -1, on: L)
        }
        return (target ?? nil) ?? table
    }

    public var globals: LuaTableRef {
        guard let L = core.thread else { return LuaTableRef(orphanIn: core) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        cls_pushglobaltable(L)
        return LuaTableRef(core: core, index: -1, on: L)
    }

    public func setGlobal(_ name: String, _ value: LuaValue) { globals[name] = value }
    public func getGlobal(_ name: String) -> LuaValue { globals[name] }

    // MARK: host objects

    /// Defines a userdata type. `methods` are looked up first; `index` (if any) answers other
    /// keys (properties); `tostring` describes an object (defaults to `name: 0x...`).
    public func makeObjectType(
        name: String,
        methods: [String: (LuaCallContext) throws -> [LuaValue]] = [:],
        index: ((LuaCallContext) throws -> [LuaValue])? = nil,
        tostring: ((AnyObject) -> String)? = nil
    ) -> LuaObjectType {
        guard let L = core.thread else { return LuaObjectType(name: name, metatable: LuaTableRef(orphanIn: core)) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = lua_checkstack(L, 8)
        name.withCString { cls_new_object_metatable(L, $0) }
        let mt = LuaTableRef(core: core, index: -1, on: L)
        let methodTable = makeTable(functions: methods, prefix: name)
        if let index {
            let fallback = makeFunction(name: "\(name).__index") { ctx in
                // __index(obj, key): drop the methods table Lua passes as the object
                try index(ctx)
            }
            let mmt = makeTable(fields: ["__index": .function(fallback)])
            _ = methodTable.withPushed { L, t in
                mmt.push(on: L)
                lua_setmetatable(L, t)
            }
        }
        mt["__index"] = .table(methodTable)
        let type = LuaObjectType(name: name, metatable: mt)
        if let tostring {
            mt["__tostring"] = .function(
                makeFunction(name: "\(name).__tostring") { [unowned type] ctx in
                    guard let o = type.object(at: 1, on: ctx.L) else { return [.string(name)] }
                    return [.string(tostring(o))]
                })
        }
        return type
    }

    /// Wraps a Swift object (retained until Lua collects the userdata or the state closes).
    public func wrap(_ object: AnyObject, as type: LuaObjectType) -> LuaValue {
        guard let L = core.thread else { return .nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        _ = lua_checkstack(L, 4)
        type.metatable.push(on: L)
        cls_push_object(L, Unmanaged.passRetained(object).toOpaque(), -1)
        return .userdata(LuaUserdataRef(core: core, index: -1, on: L))
    }

    /// The Swift object inside a wrapped value, if it is of `type`.
    public func unwrap<T: AnyObject>(_ value: LuaValue, of type: LuaObjectType, as _: T.Type = T.self) -> T? {
        guard case .userdata(let u) = value else { return nil }
        return u.withPushed { L, i in type.object(at: i, on: L) as? T } ?? nil
    }

    // MARK: helpers

    /// Whether `s` is a Lua identifier (usable as `t.s`): not a keyword, `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, first == 95 || (first | 0x20) >= 97 && (first | 0x20) <= 122 else {
            return false
        }
        for c in s.utf8 where !(c == 95 || (c | 0x20) >= 97 && (c | 0x20) <= 122 || c >= 48 && c <= 57) { return false }
        return !keywords.contains(s)
    }

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
}

/// The error raised by writes to a `makeReadOnly` table.
struct LuaReadOnlyError: Error, CustomStringConvertible {
    var description: String { "attempt to modify a read-only table" }
}

/// What `print` has written so far in one state.
private final class PrintBudget {
    var bytes = 0
}
