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
    /// Whether the test framework built `message` (a failed `assert.*`): its line breaks are
    /// then its own (`expected:` / `actual:`) and its pieces from input already escaped. Any
    /// other message — a Lua error, a rule's error, an `error(…)` in a test — is input, and
    /// reporters show it on one line (`ReportText.line`).
    public var messageKeepsLines: Bool
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
        traceback: String? = nil, duration: Double = 0, output: String = "", messageKeepsLines: Bool = false
    ) {
        self.file = file
        self.path = path
        self.status = status
        self.message = message
        self.messageKeepsLines = messageKeepsLines
        self.location = location
        self.traceback = traceback
        self.duration = duration
        self.output = output
    }

    /// `describe › it`, the name people see everywhere.
    public var displayName: String { path.joined(separator: " › ") }

    /// The name as reports print it: each part on one line (`ReportText.line`).
    var shownName: String { path.map(ReportText.line).joined(separator: " › ") }

    /// The message as reports print it: on one line, unless the framework built it.
    var shownMessage: String? {
        message.map { messageKeepsLines ? ReportText.visible($0) : ReportText.line($0) }
    }

    /// The traceback as reports print it: a line per frame (`RuleError.shown(traceback:)`).
    var shownTraceback: String? {
        guard let traceback, !traceback.isEmpty else { return nil }
        return RuleError.shown(traceback: traceback)
    }
}
