import CLua
import CLuaShim

/// A Lua table kept alive by a registry reference. All access is *raw* (no metamethods run), so
/// reading or writing from Swift never executes rule code and cannot raise.
public final class LuaTableRef: LuaRef {
    public subscript(key: String) -> LuaValue {
        get { get(.string(key)) }
        set { set(.string(key), newValue) }
    }

    public subscript(index: Int) -> LuaValue {
        get { get(.integer(Int64(index))) }
        set { set(.integer(Int64(index)), newValue) }
    }

    public func get(_ key: LuaValue) -> LuaValue {
        if key.isNil { return .nil }
        return withPushed { L, t in
            core.push(key, on: L)
            lua_rawget(L, t)
            return core.value(at: -1, on: L)
        } ?? .nil
    }

    /// Raw set. A nil or NaN key is ignored (Lua would raise).
    public func set(_ key: LuaValue, _ value: LuaValue) {
        if key.isNil { return }
        if case .number(let d) = key, d.isNaN { return }
        _ = withPushed { L, t in
            core.push(key, on: L)
            core.push(value, on: L)
            lua_rawset(L, t)
        }
    }

    /// The string at `key` (raw), with at most `maxBytes` bytes copied (see `LuaText`); nil when
    /// the value is not a string.
    public func text(_ key: String, maxBytes: Int) -> LuaText? {
        withPushed { L, t in
            LuaCore.pushString(key, on: L)
            lua_rawget(L, t)
            return LuaCore.text(at: -1, on: L, maxBytes: maxBytes)
        } ?? nil
    }

    /// The table at `key` (raw); nil when the value is not a table (nothing else is converted).
    public func table(_ key: String) -> LuaTableRef? {
        withPushed { L, t in
            LuaCore.pushString(key, on: L)
            guard lua_rawget(L, t) == LUA_TTABLE else { return nil }
            return LuaTableRef(core: core, index: -1, on: L)
        } ?? nil
    }

    /// The table at `index` (raw); nil when the value is not a table (nothing else is converted).
    public func table(_ index: Int) -> LuaTableRef? {
        withPushed { L, t in
            guard lua_rawgeti(L, t, lua_Integer(index)) == LUA_TTABLE else { return nil }
            return LuaTableRef(core: core, index: -1, on: L)
        } ?? nil
    }

    /// The number at `key` (raw) when it has an exact integer value; nil otherwise (nothing else
    /// is converted).
    public func integer(_ key: String) -> Int64? {
        withPushed { L, t in
            LuaCore.pushString(key, on: L)
            guard lua_rawget(L, t) == LUA_TNUMBER else { return nil }
            return core.value(at: -1, on: L).intValue
        } ?? nil
    }

    /// The keys, converted (the values are not: a table can hold large strings).
    public func keys() -> [LuaValue] {
        var out: [LuaValue] = []
        _ = withPushed { L, t in
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                lua_settop(L, -2)
                out.append(core.value(at: -1, on: L))
            }
        }
        return out
    }

    /// How many entries the table holds, counting no further than `limit + 1` and converting
    /// nothing: a host can refuse a huge table before copying it out.
    public func countEntries(upTo limit: Int) -> Int {
        withPushed { L, t in
            var n = 0
            lua_pushnil(L)
            while n <= limit, lua_next(L, t) != 0 {
                n += 1
                lua_settop(L, -2)
            }
            return n
        } ?? 0
    }

    /// The border `#t` without `__len` (rawlen).
    public var count: Int { withPushed { L, t in Int(lua_rawlen(L, t)) } ?? 0 }

    /// All pairs, in a deterministic order: integer keys ascending, then other numbers, then
    /// strings (byte order), then booleans, then the rest in traversal order.
    public func pairs() -> [(key: LuaValue, value: LuaValue)] {
        var out: [(key: LuaValue, value: LuaValue)] = []
        _ = withPushed { L, t in
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                out.append((core.value(at: -2, on: L), core.value(at: -1, on: L)))
                lua_settop(L, -2)
            }
        }
        func rank(_ v: LuaValue) -> Int {
            switch v {
            case .integer: return 0
            case .number: return 1
            case .string, .bytes: return 2
            case .boolean: return 3
            default: return 4
            }
        }
        let indexed = out.enumerated().map { ($0.offset, $0.element) }
        return indexed.sorted { a, b in
            let ra = rank(a.1.key), rb = rank(b.1.key)
            if ra != rb { return ra < rb }
            switch (a.1.key, b.1.key) {
            case (.integer(let x), .integer(let y)): return x < y
            case (.number(let x), .number(let y)): return x < y
            case (.boolean(let x), .boolean(let y)): return !x && y
            default:
                if ra == 2, let x = a.1.key.stringValue, let y = b.1.key.stringValue {
                    return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
                }
                return a.0 < b.0
            }
        }.map { $0.1 }
    }

    /// The values when the keys are exactly 1...n (an empty table counts as an empty array).
    /// The bytes of the strings among `t[1…#t]`, measured without copying any: what reading
    /// the list would copy (a list may hold the same 16 MB string 100,000 times).
    public func arrayTextBytes() -> Int {
        withPushed { L, t in
            var total = 0
            let n = Int(lua_rawlen(L, t))
            for i in 1...max(n, 1) where n > 0 {
                if lua_rawgeti(L, t, lua_Integer(i)) == LUA_TSTRING { total &+= Int(lua_rawlen(L, -1)) }
                lua_settop(L, -2)
            }
            return total
        } ?? 0
    }

    public func arrayValues() -> [LuaValue]? {
        var values: [LuaValue] = []
        let ok: Bool =
            withPushed { L, t in
                let n = Int(lua_rawlen(L, t))
                var keys = 0
                lua_pushnil(L)
                while lua_next(L, t) != 0 {
                    keys += 1
                    lua_settop(L, -2)
                    if keys > n {
                        lua_settop(L, -2)
                        return false
                    }
                }
                guard keys == n else { return false }
                values.reserveCapacity(n)
                for i in 1...max(n, 1) where n > 0 {
                    lua_rawgeti(L, t, lua_Integer(i))
                    values.append(core.value(at: -1, on: L))
                    lua_settop(L, -2)
                }
                return true
            } ?? false
        return ok ? values : nil
    }

    public var isArray: Bool { arrayValues() != nil }

    /// The string-keyed entries (other keys are skipped).
    public func dictionary() -> [String: LuaValue] {
        var out: [String: LuaValue] = [:]
        for (k, v) in pairs() { if let s = k.stringValue { out[s] = v } }
        return out
    }
}
