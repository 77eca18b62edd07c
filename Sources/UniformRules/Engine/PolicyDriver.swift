import UniformLua

/// What the prelude gives the policy stage: the function that calls a policy and hands back
/// its list, the list methods' metatable, the two metamethods of a candidate record, and the
/// userdata type of the candidates behind the records.
struct PolicyDriver {
    let run: LuaFunction
    let listMethods: LuaTableRef
    let index: LuaFunction
    let pairs: LuaFunction
    let source: LuaObjectType
}
