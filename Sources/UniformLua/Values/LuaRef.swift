import CLua
import CLuaShim

/// A registry reference (`luaL_ref`) to a Lua object. The object stays alive until this Swift
/// object is released; the release (`luaL_unref`, which cannot raise) does nothing once the state
/// has closed. Like the state, references belong to the state's thread.
public class LuaRef {
    let core: LuaCore
    let ref: Int32

    /// References the value at `index` on `L` (host mode: cannot fail).
    init(core: LuaCore, index: Int32, on L: OpaquePointer) {
        self.core = core
        lua_pushvalue(L, index)
        ref = luaL_ref(L, cls_registryindex())
    }

    /// A reference to nothing (the state was already closed).
    init(orphanIn core: LuaCore) {
        self.core = core
        ref = -2 // LUA_NOREF: pushes nil, unref ignores it
    }

    deinit {
        if let L = core.L { luaL_unref(L, cls_registryindex(), ref) }
    }

    /// Whether the state this value belongs to is still open.
    public var isValid: Bool { core.L != nil }

    func push(on L: OpaquePointer) { lua_rawgeti(L, cls_registryindex(), lua_Integer(ref)) }

    /// Runs `body` with the object pushed on the current thread; restores the stack afterwards.
    func withPushed<R>(_ body: (OpaquePointer, Int32) -> R) -> R? {
        guard let L = core.thread else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0 else { return nil }
        push(on: L)
        return body(L, top + 1)
    }

    func isSameObject(as other: LuaRef) -> Bool {
        if ref == other.ref && core === other.core { return true }
        guard core === other.core, let L = core.thread else { return false }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 2) != 0 else { return false }
        push(on: L)
        other.push(on: L)
        return lua_rawequal(L, -1, -2) != 0
    }
}

/// A Lua function kept alive across calls; call it with `LuaState.call`.
public final class LuaFunction: LuaRef {}

/// A full userdata (host objects wrapped with `LuaState.wrap`).
public final class LuaUserdataRef: LuaRef {}

/// A coroutine.
public final class LuaThreadRef: LuaRef {}

extension LuaRef {
    /// Escape hatch for benchmarks and C baselines: runs `body` with the raw main `lua_State*`.
    public func withRawState<R>(_ body: (OpaquePointer) -> R) -> R? {
        guard let L = core.thread else { return nil }
        return body(L)
    }

    /// Pushes the referenced value on the raw state (for C code that takes it from the top).
    public func withRawPush(on L: OpaquePointer) { push(on: L) }
}
