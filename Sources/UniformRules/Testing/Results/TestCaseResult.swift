import UniformCore

/// The outcome of one `it` block of a Lua policy test suite.
public struct TestCaseResult: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case passed
        /// An assertion failed.
        case failed
        /// The test raised an error other than an assertion (a bug in the test or the rules).
        /// Counted as failed in summaries, reported apart so people know which to fix.
        case errored
        /// `pending(...)` or filtered out; the reason is shown when given.
        case skipped(reason: String?)

        /// Failed or errored: what makes `uniform test` exit 1.
        public var isFailure: Bool { self == .failed || self == .errored }

        /// `passed`, `failed`, `errored`, `skipped`: the word used in JSON and TAP.
        public var keyword: String {
            switch self {
            case .passed: "passed"
            case .failed: "failed"
            case .errored: "errored"
            case .skipped: "skipped"
            }
        }
    }

    /// The test file, as given on the command line.
    public var file: String
    /// The `describe` names, outermost first, then the `it` name.
    public var path: [String]
    public var status: Status
    public var message: String?
    /// Where the failure happened (the failing assertion's line), when known.
    public var location: SourceLocation?
    public var traceback: String?
    /// Seconds.
    public var duration: Double
    /// What the test printed, captured so it appears beside the failure rather than mixed
    /// into the report.
    public var output: String

    public init(
        file: String, path: [String], status: Status, message: String? = nil, location: SourceLocation? = nil,
        traceback: String? = nil, duration: Double = 0, output: String = ""
    ) {
        self.file = file
        self.path = path
        self.status = status
        self.message = message
        self.location = location
        self.traceback = traceback
        self.duration = duration
        self.output = output
    }

    /// `describe › it`, the name people see everywhere.
    public var displayName: String { path.joined(separator: " › ") }
}
