import CLua
import CLuaShim

/// Metatables the host gives its own tables (the records the API hands to rules): set through
/// the C API, so the sandbox's `setmetatable` check (no `__gc`) is not paid per record, and
/// made once per state and name.
extension LuaState {
    /// The metatable named `name`, made by `make` on first use and kept for the state's life.
    public func hostMetatable(named name: String, make: () -> LuaTableRef) -> LuaTableRef {
        if let made = hostMetatables[name] { return made }
        let made = make()
        hostMetatables[name] = made
        return made
    }

    /// Sets `metatable` as the metatable of `table` (`lua_setmetatable`): for host-made
    /// metatables only, which must not hold a `__gc` a rule could reach.
    public func setHostMetatable(_ metatable: LuaTableRef, of table: LuaTableRef) {
        _ = table.withPushed { L, t in
            metatable.push(on: L)
            lua_setmetatable(L, t)
        }
    }
}
