import CLua
import CLuaShim

/// What a Swift function sees when Lua calls it: its arguments (read lazily from the Lua stack)
/// and a way to push results directly (for `makeRawFunction`). Valid only during the call.
public struct LuaCallContext {
    /// Borrowed, not retained: the context lives only during the call, and the function being
    /// called keeps its box (and the box its core) alive until then.
    @usableFromInline unowned(unsafe) let box: FunctionBox
    @usableFromInline let L: OpaquePointer
    /// Number of arguments passed.
    public let argumentCount: Int

    init(box: FunctionBox, L: OpaquePointer, count: Int32) {
        self.box = box
        self.L = L
        argumentCount = Int(count)
    }

    var core: LuaCore { box.core }

    /// The name the function was registered with (used in argument errors).
    public var functionName: String? { box.name }

    /// The state, for calling back into Lua (nested calls share the running call's budget).
    public var state: LuaState? { core.owner }

    /// Charges `work` steps of the host function's own work (about four cost one VM
    /// instruction) to the running call's budget and checks its deadlines. Host functions whose
    /// cost grows with their arguments call it before the work, so a rule cannot buy 30 s of
    /// Swift time with one call. Throws once a limit trips; the trip is sticky, as for Lua code.
    public func charge(_ work: Double, _ what: String) throws {
        guard cls_charge_host(L, work, nil, 0) != 0 else { return }
        var message = [CChar](repeating: 0, count: 160)
        _ = cls_charge_host(L, 0, &message, message.count)
        throw HostFunctionError(
            message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                + " while running " + what)
    }

    /// Argument `i` (1-based); `.nil` past the end.
    public func argument(_ i: Int) -> LuaValue {
        guard i >= 1, i <= argumentCount else { return .nil }
        return core.value(at: Int32(i), on: L)
    }

    public subscript(i: Int) -> LuaValue { argument(i) }

    public var arguments: [LuaValue] { (0..<argumentCount).map { argument($0 + 1) } }

    public func argumentError(_ i: Int, _ problem: String) -> LuaArgumentError {
        LuaArgumentError(index: i, functionName: functionName, problem: problem)
    }

    @usableFromInline
    func expected(_ what: String, _ i: Int) -> LuaArgumentError {
        let got = i <= argumentCount ? LuaCore.typeName(at: Int32(i), on: L) : "no value"
        return argumentError(i, "\(what) expected, got \(got)")
    }

    @inlinable
    func type(_ i: Int) -> Int32 { i >= 1 && i <= argumentCount ? lua_type(L, Int32(i)) : LUA_TNONE }

    public func string(_ i: Int) throws -> String {
        guard type(i) == LUA_TSTRING, let s = LuaCore.stringValue(at: Int32(i), on: L) else {
            throw expected("string", i)
        }
        return s
    }

    /// Argument `i` if it is a string, with at most `maxBytes` bytes copied (see `LuaText`).
    public func text(_ i: Int, maxBytes: Int) -> LuaText? {
        guard i >= 1, i <= argumentCount else { return nil }
        return LuaCore.text(at: Int32(i), on: L, maxBytes: maxBytes)
    }

    public func optionalString(_ i: Int) throws -> String? {
        let t = type(i)
        return t == LUA_TNIL || t == LUA_TNONE ? nil : try string(i)
    }

    /// An optional integer argument: nil when absent or nil.
    public func optionalInteger(_ i: Int) throws -> Int64? {
        let t = type(i)
        return t == LUA_TNIL || t == LUA_TNONE ? nil : try integer(i)
    }

    /// An integer, or a float with an exact integer value.
    @inlinable public func integer(_ i: Int) throws -> Int64 {
        guard type(i) == LUA_TNUMBER else { throw expected("number", i) }
        var isnum: Int32 = 0
        let v = cls_tointeger(L, Int32(i), &isnum)
        guard isnum != 0 else { throw argumentError(i, "number has no integer representation") }
        return v
    }

    @inlinable public func number(_ i: Int) throws -> Double {
        guard type(i) == LUA_TNUMBER else { throw expected("number", i) }
        return cls_tonumber(L, Int32(i), nil)
    }

    @inlinable public func boolean(_ i: Int) -> Bool { type(i) != LUA_TNONE && lua_toboolean(L, Int32(i)) != 0 }

    public func table(_ i: Int) throws -> LuaTableRef {
        guard type(i) == LUA_TTABLE else { throw expected("table", i) }
        return LuaTableRef(core: core, index: Int32(i), on: L)
    }

    public func function(_ i: Int) throws -> LuaFunction {
        guard type(i) == LUA_TFUNCTION else { throw expected("function", i) }
        return LuaFunction(core: core, index: Int32(i), on: L)
    }

    /// The Swift object wrapped by `LuaState.wrap(_:as:)`, checked against its type (never trust
    /// `self` from rule code).
    public func object<T: AnyObject>(_ i: Int, of type: LuaObjectType, as _: T.Type = T.self) throws -> T {
        guard i >= 1, i <= argumentCount,
            let o = type.object(at: Int32(i), on: L) as? T
        else { throw expected(type.name, i) }
        return o
    }

    /// Raw stack access for pushing results in a `makeRawFunction` body.
    @inlinable public var stack: LuaStack { LuaStack(core: box.core, L: L) }
}
