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
    @inlinable public func isNil(at i: Int32) -> Bool { lua_type(L, i) == LUA_TNIL }

    /// Pushes `t[key]` without metamethods, the key being the value at `key` (pushed once for a
    /// loop over many records, rather than hashed again per record).
    @inlinable @discardableResult
    public func rawField(keyAt key: Int32, table: Int32) -> Int32 {
        let t = lua_absindex(L, table)
        lua_pushvalue(L, key)
        return lua_rawget(L, t)
    }

    /// Pops a value and a key and sets `t[key] = value` for the table at `table`, without
    /// metamethods (`lua_rawset`): with the key pushed once and copied per record, no string is
    /// looked up per record.
    @inlinable public func rawSet(table: Int32) {
        lua_rawset(L, table)
    }

    /// Whether the values at `a` and `b` are the same value, without metamethods
    /// (`lua_rawequal`): interned strings compare by address.
    @inlinable public func rawEqual(_ a: Int32, _ b: Int32) -> Bool {
        lua_rawequal(L, a, b) != 0
    }

    /// Pops a table (or nil) and makes it the metatable of the table at `table` — the C API's
    /// `lua_setmetatable`, for the host's own metatables (no `__gc` check, no Lua call).
    @inlinable public func setMetatable(table: Int32) {
        lua_setmetatable(L, table)
    }

    /// Moves the top value into slot `i`, replacing what was there (`lua_replace`).
    @inlinable public func replace(_ i: Int32) {
        lua_copy(L, -1, i)
        lua_settop(L, -2)
    }

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
