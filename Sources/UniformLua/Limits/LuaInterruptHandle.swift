import CLuaShim

/// Interrupts a state from another thread (the REPL's Ctrl-C): the next count hook in the state
/// raises an `interrupted` limit error. The flag is cleared when the next top-level call starts.
public final class LuaInterruptHandle: Sendable {
    let storage: LimitsStorage

    init(storage: LimitsStorage) { self.storage = storage }

    public func interrupt() { cls_limits_interrupt(storage.pointer) }

    /// For a C signal handler, which can call neither Swift nor a closure with captures: this
    /// C function, given `signalContext`, interrupts the state. Async-signal-safe (one atomic
    /// store), so the REPL's SIGINT handler can call it without importing the Lua shim.
    public static let signalSafeInterrupt: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        guard let context else { return }
        cls_limits_interrupt(OpaquePointer(context))
    }

    /// The argument for `signalSafeInterrupt`. Valid as long as this handle is alive.
    public var signalContext: UnsafeMutableRawPointer { UnsafeMutableRawPointer(storage.pointer) }
}
