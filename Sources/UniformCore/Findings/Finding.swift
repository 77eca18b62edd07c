/// Something worth telling the user about a manifest, a declaration or a rule.
///
/// Findings are data, never exceptions: a junk manifest still loads, and everything wrong
/// with it is reported here with its location, so one run shows every problem.
public struct Finding: Hashable, Sendable {
    /// Stable rule id, e.g. `missing-handler-rank` or `manifest.duplicate-key`.
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// What the finding is about (a type identifier, a bundle id, a key): stable across edits,
    /// so baselines can match findings without line numbers.
    public var subject: String?

    public init(rule: String, severity: Severity, message: String, location: SourceLocation?, subject: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.subject = subject
    }

    /// Deterministic report order: by file, line, column, then rule and message.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        switch (a.location, b.location) {
        case let (la?, lb?) where la != lb: return la < lb
        case (nil, _?): return true
        case (_?, nil): return false
        default: break
        }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}
