import CLua
import CLuaShim

/// Direct stack access for hot loops (policy calls over many candidates): push scalars and build
/// tables without intermediate `LuaValue`s or registry references.
///
/// Rules of use: it is only handed out inside `LuaState.call(_:pushing:reading:)` and raw
/// functions; indices are Lua's (negative from the top); `reserve` before pushing more than
/// ~40 values at once. Field setters use `lua_setfield`, meant for tables you just created (no
/// metatables, so nothing can run or raise).
///
/// The scalar accessors are `@inlinable`: in a hot loop in another module they compile down to
/// the bare Lua API calls.
public struct LuaStack {
    /// Borrowed, not retained: a stack view lives only during the call that handed it out, and
    /// the state (or the function being called) keeps the core alive until then.
    @usableFromInline unowned(unsafe) let core: LuaCore
    /// The raw `lua_State*` (escape hatch for code that links CLua itself).
    public let L: OpaquePointer

    @usableFromInline
    init(core: LuaCore, L: OpaquePointer) {
        self.core = core
        self.L = L
    }

    @inlinable public var top: Int32 { lua_gettop(L) }
    @inlinable public func setTop(_ n: Int32) { lua_settop(L, n) }
    @inlinable public func pop(_ n: Int32 = 1) { lua_settop(L, -n - 1) }
    /// Ensures room for `n` more values; false if the stack cannot grow.
    @inlinable @discardableResult public func reserve(_ n: Int) -> Bool { lua_checkstack(L, Int32(clamping: n)) != 0 }

    @inlinable public func pushNil() { lua_pushnil(L) }
    @inlinable public func push(_ v: Bool) { lua_pushboolean(L, v ? 1 : 0) }
    @inlinable public func push(_ v: Int) { lua_pushinteger(L, lua_Integer(v)) }
    @inlinable public func push(_ v: Int64) { lua_pushinteger(L, v) }
    @inlinable public func push(_ v: Double) { lua_pushnumber(L, v) }
    public func push(_ v: String) { LuaCore.pushString(v, on: L) }
    /// A static string costs no UTF-8 conversion (field names, enum-like values).
    @inlinable public func push(_ v: StaticString) {
        lua_pushlstring(L, UnsafeRawPointer(v.utf8Start).assumingMemoryBound(to: CChar.self), v.utf8CodeUnitCount)
    }
    public func push(_ v: LuaValue) { core.push(v, on: L) }
    public func push(_ f: LuaRef) { f.push(on: L) }

    @inlinable public func newTable(arrayCount: Int = 0, fieldCount: Int = 0) {
        lua_createtable(L, Int32(clamping: arrayCount), Int32(clamping: fieldCount))
    }
    /// `t[name] = pop()` for the table at `table` (default: just below the value).
    @inlinable public func setField(_ name: StaticString, table: Int32 = -2) {
        lua_setfield(L, table, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self))
    }
    public func setField(_ key: LuaKey, table: Int32 = -2) { lua_setfield(L, table, key.cString) }
    /// `t[i] = pop()` (raw).
    @inlinable public func setIndex(_ i: Int, table: Int32 = -2) { lua_rawseti(L, table, lua_Integer(i)) }
    /// Pushes `t[i]` (raw) for the table at `table`.
    @inlinable public func getIndex(_ i: Int, table: Int32 = -1) { lua_rawgeti(L, table, lua_Integer(i)) }

    @inlinable public func type(at i: Int32) -> Int32 { lua_type(L, i) }
    @inlinable public func isTable(at i: Int32) -> Bool { lua_type(L, i) == LUA_TTABLE }
    /// Lua's name for the type of the value at `i` ("string", "table", …), for messages.
    public func typeName(at i: Int32) -> String { String(cString: lua_typename(L, lua_type(L, i))) }
    @inlinable public func integer(at i: Int32) -> Int64? {
        var isnum: Int32 = 0
        let v = cls_tointeger(L, i, &isnum)
        return isnum != 0 && lua_type(L, i) == LUA_TNUMBER ? v : nil
    }
    @inlinable public func number(at i: Int32) -> Double? {
        lua_type(L, i) == LUA_TNUMBER ? cls_tonumber(L, i, nil) : nil
    }
    public func string(at i: Int32) -> String? { LuaCore.stringValue(at: i, on: L) }
    @inlinable public func boolean(at i: Int32) -> Bool { lua_toboolean(L, i) != 0 }
    @inlinable public func rawLength(at i: Int32) -> Int { Int(lua_rawlen(L, i)) }
    public func value(at i: Int32) -> LuaValue { core.value(at: i, on: L) }
}

/// A field name converted to a C string once (for `LuaStack.setField`) when it is not a literal.
public final class LuaKey {
    let storage: UnsafeMutablePointer<CChar>
    public let name: String

    public init(_ name: String) {
        self.name = name
        let utf8 = Array(name.utf8CString)
        storage = .allocate(capacity: utf8.count)
        storage.initialize(from: utf8, count: utf8.count)
    }

    var cString: UnsafePointer<CChar> { UnsafePointer(storage) }

    deinit { storage.deallocate() }
}
