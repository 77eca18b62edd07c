import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading records a Lua function handed back, and handing it host objects, on the stack:
/// the policy stage reads a candidate list of dozens of tables per query, where a registry
/// reference and a `LuaValue` per table cost more than the policy itself.
extension LuaStack {
    /// Pushes `t[name]` for the table at `table`, without metamethods (nothing can run or
    /// raise); returns the Lua type of the value pushed.
    @inlinable @discardableResult
    public func rawField(_ name: StaticString, table: Int32) -> Int32 {
        let t = lua_absindex(L, table)
        push(name)
        return lua_rawget(L, t)
    }

    @inlinable public func isString(at i: Int32) -> Bool { lua_type(L, i) == LUA_TSTRING }

    /// Pushes a copy of the value at `i`.
    @inlinable public func pushValue(at i: Int32) { lua_pushvalue(L, i) }

    /// Whether the value at `i` is a string with exactly the bytes of `text` — no `String` made.
    public func string(at i: Int32, equals text: String) -> Bool {
        var length = 0
        guard lua_type(L, i) == LUA_TSTRING, let bytes = lua_tolstring(L, i, &length) else { return false }
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == length && (length == 0 || memcmp(utf8.baseAddress!, bytes, length) == 0)
        }
    }

    /// Pushes `object` as userdata of `type` (retained until Lua collects it or the state closes).
    public func push(_ object: AnyObject, as type: LuaObjectType) {
        type.metatable.push(on: L)
        cls_push_object(L, Unmanaged.passRetained(object).toOpaque(), -1)
        // [metatable, object] → [object]
        lua_rotate(L, -2, -1)
        lua_settop(L, -2)
    }
}
