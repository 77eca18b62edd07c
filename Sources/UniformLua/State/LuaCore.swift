import CLua
import CLuaShim

/// The state's internals, shared by the public `LuaState`, every registry reference and every
/// Swift function box. `L` becomes nil when the state closes, so references released later do
/// nothing instead of touching freed memory.
///
/// Stack discipline (as in lua.c): every operation records the top first and restores it on
/// every exit path. Only non-raising API functions are called from Swift; the allocator lifts
/// the memory cap in host mode, so pushes cannot raise LUA_ERRMEM.
@usableFromInline
final class LuaCore {
    var L: OpaquePointer?
    /// The thread Swift is currently running on (a coroutine while a callback runs inside one).
    var current: OpaquePointer?
    let limits: LimitsStorage
    var settings: LuaLimits
    var nesting = 0
    /// A LuaError that a Swift callback turned into a Lua error; its traceback is deeper than the
    /// one the outer call will see, so the outer error reuses it. Valid only while
    /// `propagatingCall == topLevelCalls`: a Lua `pcall` may have swallowed it in an earlier call
    /// (a counter instead of clearing it keeps each call free of copying a 64-byte optional).
    var propagating: LuaError?
    var propagatingCall = 0
    /// Top-level calls so far.
    var topLevelCalls = 0
    var chunkNames: Set<String> = []
    var coverage: CoverageRecorder?
    weak var owner: LuaState?

    init(limits settings: LuaLimits) {
        self.settings = settings
        limits = LimitsStorage()
        limits.configure(settings)
        guard let state = cls_newstate(limits.pointer) else { fatalError("uniform: lua_newstate failed") }
        L = state
        current = state
        LuaCallbacks.install()
    }

    var thread: OpaquePointer? { current ?? L }

    func close() {
        guard let state = L else { return }
        L = nil
        current = nil
        cls_close(state, limits.pointer) // runs the __gc of every box and host object, frees the pool
        coverage = nil
    }

    deinit { close() }

    // MARK: pushing values (host mode: cannot raise)

    func push(_ value: LuaValue, on L: OpaquePointer) {
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, i)
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): LuaCore.pushString(s, on: L)
        case .bytes(let b):
            _ = b.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
        case .table(let r as LuaRef), .function(let r as LuaRef), .userdata(let r as LuaRef), .thread(let r as LuaRef):
            if r.core === self { lua_rawgeti(L, cls_registryindex(), lua_Integer(r.ref)) } else { lua_pushnil(L) }
        }
    }

    /// Pushes a call's arguments above the function. `enterCall` left room for a few dozen; more
    /// need the stack to grow, and a failure to grow throws instead of writing past the stack.
    func pushArguments(_ args: [LuaValue], on L: OpaquePointer) throws -> Int32 {
        if args.count > 32, lua_checkstack(L, Int32(clamping: args.count)) == 0 {
            throw LuaError(kind: .limit(.depth), message: "stack overflow (\(args.count) arguments)")
        }
        for i in args.indices { push(args[i], on: L) }
        return Int32(args.count)
    }

    static func pushString(_ s: String, on L: OpaquePointer) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { p in
            p.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        if done == nil {
            var copy = s
            copy.withUTF8 { p in
                p.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
        }
    }

    // MARK: reading values

    func value(at index: Int32, on L: OpaquePointer) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(cls_tointeger(L, index, nil)) }
            return .number(cls_tonumber(L, index, nil))
        case LUA_TSTRING: return LuaCore.string(at: index, on: L)
        case LUA_TTABLE: return .table(LuaTableRef(core: self, index: index, on: L))
        case LUA_TFUNCTION: return .function(LuaFunction(core: self, index: index, on: L))
        case LUA_TTHREAD: return .thread(LuaThreadRef(core: self, index: index, on: L))
        default: return .userdata(LuaUserdataRef(core: self, index: index, on: L))
        }
    }

    /// The values from `base + 1` to the top (a call's results).
    func values(from L: OpaquePointer, above base: Int32) -> [LuaValue] {
        let top = lua_gettop(L)
        guard top > base else { return [] }
        var out: [LuaValue] = []
        out.reserveCapacity(Int(top - base))
        for i in (base + 1)...top { out.append(value(at: i, on: L)) }
        return out
    }

    /// A Lua string as `.string` when it is valid UTF-8, `.bytes` otherwise (never lossy).
    static func string(at index: Int32, on L: OpaquePointer) -> LuaValue {
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return .nil }
        let buf = UnsafeRawBufferPointer(start: p, count: len)
        if let s = String(validating: buf, as: UTF8.self) { return .string(s) }
        return .bytes(Array(buf))
    }

    /// The string at `index` with at most `maxBytes` bytes copied (`LuaText`); nil when the value
    /// is not a string (numbers are not converted) or its kept part is not valid UTF-8.
    static func text(at index: Int32, on L: OpaquePointer, maxBytes: Int) -> LuaText? {
        var len = 0
        guard lua_type(L, index) == LUA_TSTRING, let p = lua_tolstring(L, index, &len) else { return nil }
        let bytes = UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self)
        var keep = min(len, max(0, maxBytes))
        if keep < len { while keep > 0, bytes[keep] & 0xC0 == 0x80 { keep -= 1 } }
        guard let s = String(validating: UnsafeBufferPointer(start: bytes, count: keep), as: UTF8.self) else {
            return nil
        }
        return LuaText(text: s, byteCount: len)
    }

    static func stringValue(at index: Int32, on L: OpaquePointer) -> String? {
        var len = 0
        guard lua_type(L, index) == LUA_TSTRING, let p = lua_tolstring(L, index, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    static func typeName(at index: Int32, on L: OpaquePointer) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    // MARK: protected calls

    /// A protected call in progress: the thread it runs on and the top to restore. The message
    /// handler sits at `top + 1`, the function at `top + 2`, its arguments above.
    @usableFromInline
    struct CallFrame {
        @usableFromInline let L: OpaquePointer
        @usableFromInline let top: Int32
    }

    /// Starts a protected call: re-arms the limits for a top-level call (nested calls share the
    /// running budget), then pushes the message handler and `function` (if given; nil when it
    /// belongs to another state). Every successful enter must be paired with `leaveCall`.
    ///
    /// Split from `runCall`/`leaveCall` (rather than one method taking closures) so the fast
    /// path in `LuaState.call(_:results:pushing:reading:)` can be inlined into its caller.
    @usableFromInline
    func enterCall(_ function: LuaRef?) throws -> CallFrame {
        guard let L = thread else { throw LuaError.closed() }
        let top = lua_gettop(L)
        guard lua_checkstack(L, 64) != 0 else {
            throw LuaError(kind: .limit(.depth), message: "stack overflow (no room for a call)")
        }
        if nesting == 0 {
            cls_limits_arm(L, limits.pointer)
            topLevelCalls &+= 1
        }
        nesting += 1
        cls_pushcfunction(L, cls_msgh)
        if let function {
            if function.core === self { function.push(on: L) } else { lua_pushnil(L) }
        }
        return CallFrame(L: L, top: top)
    }

    /// Calls the function at `frame.top + 2` with the `nargs` values above it under the limits,
    /// leaving `nresults` results (all if LUA_MULTRET) from `frame.top + 2` up. `function` only
    /// names the callee in a limit error.
    @usableFromInline
    func runCall(_ frame: CallFrame, nargs: Int32, results nresults: Int32, function: LuaRef?) throws {
        let status = cls_host_pcall(frame.L, limits.pointer, nargs, nresults, frame.top + 1)
        if status != LUA_OK {
            throw makeError(status: status, on: frame.L, running: function.map(describe) ?? "a Lua function")
        }
    }

    /// Ends a protected call (also after a failure): restores the stack.
    @usableFromInline
    func leaveCall(_ frame: CallFrame) {
        lua_settop(frame.L, frame.top)
        nesting -= 1
    }

    /// Calls `function` (or the function `push` pushes first) with the arguments `push` pushes
    /// (returns nargs; may throw instead); `read` sees the results from `base + 1` to the top.
    func protectedCall<R>(
        nresults: Int32 = LUA_MULTRET,
        function: LuaRef? = nil,
        push: (OpaquePointer) throws -> Int32,
        read: (OpaquePointer, Int32) throws -> R
    ) throws -> R {
        let frame = try enterCall(function)
        defer { leaveCall(frame) }
        try runCall(frame, nargs: push(frame.L), results: nresults, function: function)
        return try read(frame.L, frame.top + 1)
    }

    /// How a limit message names a function: `function <file:line>`, `the main chunk of file`.
    func describe(_ f: LuaRef) -> String {
        f.withPushed { L, _ -> String in
            var ar = lua_Debug()
            guard lua_getinfo(L, ">S", &ar) != 0 else { return "a function" }
            if ar.what.map({ String(cString: $0) }) == "C" { return "a host function" }
            let src = withUnsafePointer(to: &ar.short_src) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(LUA_IDSIZE)) { String(cString: $0) }
            }
            return ar.linedefined == 0 ? "the main chunk of \(src)" : "function <\(src):\(ar.linedefined)>"
        } ?? "a function"
    }

    /// Turns a failed status (error value on top) into a LuaError, reading the traceback the
    /// message handler stored.
    func makeError(status: Int32, on L: OpaquePointer, running: String) -> LuaError {
        // At most CLS_MESSAGE_MAX bytes, as the message handler keeps (a syntax error quotes a
        // token, which may be a 16 MB string).
        var message: String
        var length = 0
        if let text = LuaCore.text(at: -1, on: L, maxBytes: Int(CLS_MESSAGE_MAX)) {
            message = text.shown
        } else if lua_type(L, -1) == LUA_TSTRING, let p = lua_tolstring(L, -1, &length) {
            let kept = min(length, Int(CLS_MESSAGE_MAX))
            message = String(decoding: UnsafeRawBufferPointer(start: p, count: kept), as: UTF8.self)
            if kept < length { message += "... (\(length - kept) more bytes not shown)" }
        } else {
            message = "(error object is a \(LuaCore.typeName(at: -1, on: L)) value)"
        }
        cls_push_last_traceback(L)
        var traceback = LuaCore.stringValue(at: -1, on: L)
        lua_settop(L, -2)
        let tripped = LuaLimitKind(tripped: cls_limits_tripped(limits.pointer))
        let kind: LuaError.Kind
        if status == LUA_ERRSYNTAX {
            kind = .syntax
            traceback = nil
        } else if let t = tripped {
            kind = .limit(t)
        } else if status == LUA_ERRMEM {
            kind = .limit(.memory)
        } else if message.contains("stack overflow") {
            kind = .limit(.depth)
        } else {
            kind = .runtime
        }
        if status == LUA_ERRMEM {
            message = "memory limit exceeded (\(settings.memoryBytes) bytes) while running \(running)"
        } else if status == LUA_ERRERR, let t = tripped {
            message = "\(t.rawValue) limit exceeded while handling an error in \(running)"
        }
        if status != LUA_ERRSYNTAX, propagatingCall == topLevelCalls, let inner = propagating, inner.message == message,
            let tb = inner.traceback
        {
            traceback = tb
        }
        return LuaError(
            kind: kind, message: message, traceback: traceback,
            location: LuaSourceLocation.parse(message, knownChunks: chunkNames))
    }

    /// `@path` for a file path (messages then read `path:line:`); `=name` and `@name` kept as is.
    static func chunkName(_ name: String) -> String {
        if name.hasPrefix("@") || name.hasPrefix("=") { return name }
        return "@" + name
    }
}
