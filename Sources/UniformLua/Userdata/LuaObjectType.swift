import CLua
import CLuaShim

/// A metatable for wrapping Swift objects as Lua userdata: `__index` gives the methods (then an
/// optional fallback for properties), `__tostring` a description, `__gc` releases the object,
/// and `__metatable = false` stops rule code from reading or replacing the metatable.
///
/// Methods receive the object as argument 1 (`obj:method(...)`); fetch it with
/// `ctx.object(1, of: type, as: T.self)`, which checks the metatable.
public final class LuaObjectType {
    public let name: String
    let metatable: LuaTableRef

    init(name: String, metatable: LuaTableRef) {
        self.name = name
        self.metatable = metatable
    }

    func object(at index: Int32, on L: OpaquePointer) -> AnyObject? {
        guard lua_checkstack(L, 4) != 0 else { return nil }
        metatable.push(on: L)
        defer { lua_settop(L, -2) }
        guard let p = cls_to_object(L, index, -1) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
    }
}
