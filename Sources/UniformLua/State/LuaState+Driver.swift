/// Calls through a driver: Lua code of the host's that sets up and calls a rule's function.
extension LuaState {
    /// As `call(_:results:pushing:reading:)`, calling `driver` but naming `subject` in limit
    /// errors ("instruction limit exceeded while running function <rules/x.lua:12>"): the
    /// driver is the host's, the runaway code the rule's.
    @inlinable
    public func call<R>(
        _ driver: LuaFunction, naming subject: LuaFunction, results: Int32 = 1,
        pushing push: (LuaStack) -> Int,
        reading read: (LuaStack) throws -> R
    ) throws -> R {
        let frame = try core.enterCall(driver)
        defer { core.leaveCall(frame) }
        let stack = LuaStack(core: core, L: frame.L)
        try core.runCall(frame, nargs: Int32(push(stack)), results: results, function: subject)
        return try read(stack)
    }
}
