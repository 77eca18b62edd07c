/// One accepted finding in a baseline file. `rule`, `file` and `subject` are kept beside the
/// fingerprint so a reviewer can read the baseline and a stale entry can be explained.
public struct BaselineEntry: Sendable, Hashable {
    public var fingerprint: String
    public var rule: String
    /// Relative to the configuration's directory.
    public var file: String
    public var subject: String
    /// The message when the baseline was written (informative only; never matched).
    public var message: String
    /// The line of the entry in the baseline file, for stale-entry findings.
    public var line: Int?

    public init(fingerprint: String, rule: String, file: String, subject: String, message: String, line: Int? = nil) {
        self.fingerprint = fingerprint
        self.rule = rule
        self.file = file
        self.subject = subject
        self.message = message
        self.line = line
    }
}
