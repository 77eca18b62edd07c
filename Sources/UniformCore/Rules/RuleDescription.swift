/// A rule's only definition, as SwiftLint's `RuleDescription` is: its id, the severity its
/// findings take, what it means, the Apple documentation behind it, and examples that run.
///
/// Emit sites name the description (`Finding(.xcconfigSyntax, …)`), never an id string or a
/// severity of their own, so `uniform rules ID`, SARIF's rule help and the findings cannot say
/// different things. The suite runs every example (`RuleExampleTests`) and fails on an emitted
/// id with no description.
public struct RuleDescription: Sendable, Hashable {
    /// The other severity some findings of a rule take, and when: a rule whose findings differ
    /// only in how much is lost (an optional `#include?` against a required one) keeps one id,
    /// so a configuration that disables it disables both.
    public struct Variant: Sendable, Hashable {
        public var severity: Severity
        /// When findings take this severity, as a clause: "for `#include?`, which Xcode skips".
        public var when: String

        public init(_ severity: Severity, when: String) {
            self.severity = severity
            self.when = when
        }
    }

    /// Stable: configurations, suppressions and baselines name it.
    public var id: String
    public var severity: Severity
    public var variant: Variant?
    /// Whether its findings point into an Info.plist, where a `uniform:ignore` comment before
    /// the entry can silence them; a project file, an `.xcconfig` or the configuration cannot
    /// hold one, and `suppress` in `.uniform.lua` is the way.
    public var inManifest: Bool
    /// One sentence: what the finding says is wrong, and what the tool does about it.
    public var summary: String
    /// The Apple documentation (or the tool's own limit) the rule rests on, with its address.
    public var source: String?
    /// Rules that fire on the same cause or that a user would look at next.
    public var related: [String]
    /// Rules whose findings at the same place this rule's finding makes redundant: it names
    /// their cause (an app exporting Apple's type is one `foreign-export`, not also the graph's
    /// `duplicate-declaration` there). One root cause, one finding.
    public var supersedes: [String]
    /// Inputs the rule fires on, and inputs like them it must stay silent on. Made when read:
    /// the examples of limits are large (10,001 build settings), and a run that emits a finding
    /// or lists the rules' ids must not build them.
    public var triggering: [RuleExample] { makeTriggering() }
    public var nonTriggering: [RuleExample] { makeNonTriggering() }
    private var makeTriggering: @Sendable () -> [RuleExample]
    private var makeNonTriggering: @Sendable () -> [RuleExample]

    public init(
        id: String, severity: Severity, inManifest: Bool = true, variant: Variant? = nil, summary: String,
        source: String? = nil,
        related: [String] = [], supersedes: [String] = [],
        triggering: @escaping @autoclosure @Sendable () -> [RuleExample] = [],
        nonTriggering: @escaping @autoclosure @Sendable () -> [RuleExample] = []
    ) {
        self.id = id
        self.severity = severity
        self.variant = variant
        self.inManifest = inManifest
        self.summary = summary
        self.source = source
        self.related = related
        self.supersedes = supersedes
        self.makeTriggering = triggering
        self.makeNonTriggering = nonTriggering
    }

    /// A rule is its id and what it says; its examples follow from those.
    public static func == (a: RuleDescription, b: RuleDescription) -> Bool {
        a.id == b.id && a.severity == b.severity && a.inManifest == b.inManifest && a.variant == b.variant
            && a.summary == b.summary
            && a.source == b.source && a.related == b.related && a.supersedes == b.supersedes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(severity)
        hasher.combine(summary)
    }

    /// The severity of a finding: the variant's, when the emit site says it is one.
    public func severity(variant: Bool) -> Severity {
        variant ? (self.variant?.severity ?? severity) : severity
    }

    /// The severity line `uniform rules ID` prints: "warning" or "warning (note for `#include?`)".
    public var severityText: String {
        guard let variant else { return severity.rawValue }
        return "\(severity.rawValue) (\(variant.severity.rawValue) \(variant.when))"
    }
}
