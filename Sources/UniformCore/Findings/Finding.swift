/// Something worth telling the user about a manifest, a declaration or a rule.
///
/// Findings are data, never exceptions: a junk manifest still loads, and everything wrong
/// with it is reported here with its location, so one run shows every problem.
public struct Finding: Hashable, Sendable {
    /// Stable rule id, e.g. `missing-handler-rank` or `manifest.duplicate-key`.
    public var rule: String
    public var severity: Severity
    /// Routine findings made in bulk (a large world has one per duplicate import) write their
    /// sentence when it is first read, not when the world is built.
    public var message: String {
        get {
            switch storedMessage {
            case .text(let text): text
            case .deferred(let deferred): deferred.text
            }
        }
        set { storedMessage = .text(newValue) }
    }
    public var location: SourceLocation?
    /// What the finding is about (a type identifier, a bundle id, a key): stable across edits,
    /// so baselines can match findings without line numbers.
    public var subject: String?
    /// Other places the same cause shows (the declaration that wins over this one, the other
    /// end of a conflict): one finding that points at both, instead of one finding at each.
    public var related: [SourceLocation] = []
    private var storedMessage: Message

    private enum Message: Sendable {
        case text(String)
        case deferred(any DeferredMessage)
    }

    public init(rule: String, severity: Severity, message: String, location: SourceLocation?, subject: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.storedMessage = .text(message)
        self.location = location
        self.subject = subject
    }

    /// A finding whose message is written on first read.
    init(
        rule: String, severity: Severity, deferred message: any DeferredMessage, location: SourceLocation?,
        subject: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.storedMessage = .deferred(message)
        self.location = location
        self.subject = subject
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        a.rule == b.rule && a.severity == b.severity && a.location == b.location && a.subject == b.subject
            && a.message == b.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(severity)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(subject)
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

/// A finding's message kept as the few values it is written from. Small conforming structs
/// (up to three words) are stored inside the finding, without an allocation.
protocol DeferredMessage: Sendable {
    var text: String { get }
}
