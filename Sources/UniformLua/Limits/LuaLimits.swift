import CLuaShim

/// The resource limits a state applies to every top-level call (nested Swift→Lua calls share
/// the budget of the call they are nested in). A value of 0 disables that limit.
///
/// Defaults suit CI: realistic rules run far below them, and `while true do end` stops in about
/// half a second (the count hook costs ~5–9 ns per instruction on the reference machine).
public struct LuaLimits: Sendable, Equatable {
    /// VM instructions per top-level call. Work inside bounded C functions (patterns,
    /// `string.rep`, table functions), each Swift function call (a few instructions plus one per
    /// 8 bytes of Lua values it makes) and each new coroutine (`hookInterval` instructions, which
    /// it may run before its own count hook fires) is charged against the same budget.
    public var instructions: Int64 = 100_000_000
    /// Bytes the state may allocate (a custom allocator; a small reserve above it lets the error
    /// and traceback still be built).
    public var memoryBytes: Int = 256 << 20
    /// Wall-clock seconds per top-level call (checked by the count hook, by charged library
    /// functions and whenever a Swift function returns).
    public var deadlineSeconds: Double = 10
    /// Maximum Lua call depth (frames, checked by the count hook so it may overshoot by at most
    /// `hookInterval` calls). The C stack is capped independently at 200 levels by liblua itself
    /// (LUAI_MAXCCALLS), which also bounds nested Swift→Lua→Swift calls.
    public var maxCallDepth: Int = 200
    /// Largest string `string.rep` may produce.
    public var maxStringBytes: Int = 16 << 20
    /// Largest worst-case step estimate one pattern call (find/match/gmatch/gsub) may have.
    public var maxPatternWork: Double = 1e8
    /// Instructions between two count-hook checks (budget, deadline, depth, interrupt).
    public var hookInterval: Int = 100
    /// Bytes `print` may write over the state's life (a rule printing a 16 MB string in a loop
    /// once wrote 6.75 GB in 10 s); past it, one line says so and the rest is dropped.
    public var maxPrintBytes: Int = 1 << 20
    /// When the whole run must end (a `LuaLimits.now()` time; 0: no run budget). Per-call limits
    /// alone let 200 checks that each loop to the deadline run for half an hour.
    public var runDeadline: Double = 0

    /// The monotonic clock `runDeadline` is measured on, in seconds.
    public static func now() -> Double { cls_monotonic_now() }

    public init(
        instructions: Int64 = 100_000_000,
        memoryBytes: Int = 256 << 20,
        deadlineSeconds: Double = 10,
        maxCallDepth: Int = 200,
        maxStringBytes: Int = 16 << 20,
        maxPatternWork: Double = 1e8,
        hookInterval: Int = 100
    ) {
        self.instructions = instructions
        self.memoryBytes = memoryBytes
        self.deadlineSeconds = deadlineSeconds
        self.maxCallDepth = maxCallDepth
        self.maxStringBytes = maxStringBytes
        self.maxPatternWork = maxPatternWork
        self.hookInterval = hookInterval
    }
}
