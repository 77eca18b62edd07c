import UniformCore

/// One rule as a run sees it: its definition (a catalogue entry, or a Lua check's own), the
/// severity the configuration gives it, whether it is off, and where a Lua check is defined.
///
/// Reporters list every rule that ran (JUnit gives each a suite, SARIF a descriptor), so
/// a clean rule still shows up as checked rather than silently missing; `uniform rules`
/// lists the same values.
public struct RuleInfo: Hashable, Sendable {
    public var rule: RuleDescription
    /// The configured severity (after `.uniform.lua` overrides).
    public var severity: Severity
    /// `disable`d in the configuration.
    public var disabled: Bool
    /// Where the rule is defined (e.g. `rules/types.lua:12`); nil for built-in rules.
    public var definedAt: SourceLocation?
    /// Documentation for the rule, linked from SARIF viewers: by default the Apple page its
    /// source cites.
    public var helpURI: String?
    /// A Lua check's `example`: what a finding looks like, in words.
    public var example: String?

    public var id: String { rule.id }
    public var description: String { rule.summary }
    public var source: String? { rule.source }

    public init(
        _ rule: RuleDescription, severity: Severity? = nil, disabled: Bool = false, definedAt: SourceLocation? = nil,
        example: String? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.disabled = disabled
        self.definedAt = definedAt
        self.example = example
        self.helpURI = RuleDocumentation(rule: rule).sourceURL
    }

    /// A rule known by its words alone (a finding whose rule no run defined, a test's fixture).
    public init(
        id: String, severity: Severity, description: String, definedAt: SourceLocation? = nil, helpURI: String? = nil,
        example: String? = nil, source: String? = nil
    ) {
        self.init(
            RuleDescription(id: id, severity: severity, summary: description, source: source), definedAt: definedAt,
            example: example)
        if let helpURI { self.helpURI = helpURI }
    }

    /// The help `uniform rules ID` prints and SARIF viewers show.
    public var documentation: RuleDocumentation { RuleDocumentation(rule: rule, example: example) }
}
