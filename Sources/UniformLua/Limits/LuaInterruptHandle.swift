import CLuaShim

/// Interrupts a state from another thread (the REPL's Ctrl-C): the next count hook in the state
/// raises an `interrupted` limit error. The flag is cleared when the next top-level call starts.
public final class LuaInterruptHandle: Sendable {
    let storage: LimitsStorage

    init(storage: LimitsStorage) { self.storage = storage }

    public func interrupt() { cls_limits_interrupt(storage.pointer) }

    /// For a C signal handler: `cls_limits_interrupt(pointer)` is async-signal-safe (one atomic
    /// store). Valid as long as this handle is alive.
    public var unsafeLimitsPointer: OpaquePointer { storage.pointer }
}
