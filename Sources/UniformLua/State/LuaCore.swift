import CLua
import CLuaShim

/// The state's internals, shared by the public `LuaState`, every registry reference and every
/// Swift function box. `L` becomes nil when the state closes, so references released later do
/// nothing instead of touching freed memory.
///
/// Stack discipline (as in lua.c): every operation records the top first and restores it on
/// every exit path. Only non-raising API functions are called from Swift; the allocator lifts
/// the memory cap in host mode, so pushes cannot raise LUA_ERRMEM.
final class LuaCore {
    var L: OpaquePointer?
    /// The thread Swift is currently running on (a coroutine while a callback runs inside one).
    var current: OpaquePointer?
    let limits: LimitsStorage
    var settings: LuaLimits
    var nesting = 0
    /// A LuaError that a Swift callback turned into a Lua error; its traceback is deeper than the
    /// one the outer call will see, so the outer error reuses it.
    var propagating: LuaError?
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
        lua_close(state)   // runs the __gc of every box and host object
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
        case .bytes(let b): b.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
        case .table(let r as LuaRef), .function(let r as LuaRef), .userdata(let r as LuaRef), .thread(let r as LuaRef):
            if r.core === self { lua_rawgeti(L, cls_registryindex(), lua_Integer(r.ref)) } else { lua_pushnil(L) }
        }
    }

    static func pushString(_ s: String, on L: OpaquePointer) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { p in
            p.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        if done == nil {
            var copy = s
            copy.withUTF8 { p in p.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) } }
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

    /// A Lua string as `.string` when it is valid UTF-8, `.bytes` otherwise (never lossy).
    static func string(at index: Int32, on L: OpaquePointer) -> LuaValue {
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return .nil }
        let buf = UnsafeRawBufferPointer(start: p, count: len)
        if let s = String(validating: buf, as: UTF8.self) { return .string(s) }
        return .bytes(Array(buf))
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

    /// Calls the function pushed by `pushCallee` with the arguments it pushes (returns nargs),
    /// under the limits, with the traceback handler; `read` sees results from `base + 1` to top.
    func protectedCall<R>(
        nresults: Int32 = LUA_MULTRET,
        describe: @autoclosure () -> String = "a Lua function",
        push: (OpaquePointer) -> Int32,
        read: (OpaquePointer, Int32) throws -> R
    ) throws -> R {
        guard let L = thread else { throw LuaError.closed() }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 64) != 0 else {
            throw LuaError(kind: .limit(.depth), message: "stack overflow (no room for a call)")
        }
        if nesting == 0 {
            cls_limits_arm(L, limits.pointer)
            propagating = nil
        }
        nesting += 1
        defer { nesting -= 1 }
        cls_pushcfunction(L, cls_msgh)
        let nargs = push(L)
        let status = cls_host_pcall(L, limits.pointer, nargs, nresults, top + 1)
        if status != LUA_OK {
            throw makeError(status: status, on: L, running: describe())
        }
        return try read(L, top + 1)
    }

    /// Turns a failed status (error value on top) into a LuaError, reading the traceback the
    /// message handler stored.
    func makeError(status: Int32, on L: OpaquePointer, running: String) -> LuaError {
        var message: String
        switch LuaCore.string(at: -1, on: L) {
        case .string(let s): message = s
        case .bytes(let b): message = String(decoding: b, as: UTF8.self)
        default: message = "(error object is a \(LuaCore.typeName(at: -1, on: L)) value)"
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
        if let inner = propagating, inner.message == message, let tb = inner.traceback {
            traceback = tb
        }
        return LuaError(kind: kind, message: message, traceback: traceback,
                        location: LuaSourceLocation.parse(message, knownChunks: chunkNames))
    }

    /// `@path` for a file path (messages then read `path:line:`); `=name` and `@name` kept as is.
    static func chunkName(_ name: String) -> String {
        if name.hasPrefix("@") || name.hasPrefix("=") { return name }
        return "@" + name
    }
}
