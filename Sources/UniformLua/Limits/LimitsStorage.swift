import CLuaShim

/// Owns the C limits struct. It outlives the `lua_State` (the allocator uses it while the state
/// closes) and may be shared with interrupt handles on other threads, whose only access is the
/// atomic interrupt flag.
final class LimitsStorage: @unchecked Sendable {
    let pointer: OpaquePointer

    init() {
        guard let p = cls_limits_new() else { fatalError("uniform: cannot allocate Lua limits") }
        pointer = p
    }

    func configure(_ l: LuaLimits) {
        cls_limits_configure(
            pointer, max(0, l.instructions), size_t(max(0, l.memoryBytes)), max(0, l.deadlineSeconds),
            Int32(clamping: max(0, l.maxCallDepth)), Int32(clamping: max(1, l.hookInterval)),
            size_t(max(0, l.maxStringBytes)), max(0, l.maxPatternWork))
        cls_limits_set_run_deadline(pointer, l.runDeadline)
    }

    deinit { cls_limits_free(pointer) }
}
