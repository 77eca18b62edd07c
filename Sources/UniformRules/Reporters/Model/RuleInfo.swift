import UniformCore

/// What a reporter needs to know about one rule, whether or not it fired.
///
/// Reporters list every rule that ran (JUnit gives each a suite, SARIF a descriptor), so
/// a clean rule still shows up as checked rather than silently missing.
public struct RuleInfo: Hashable, Sendable {
    public var id: String
    /// The configured severity (after `.uniform.lua` overrides).
    public var severity: Severity
    public var description: String
    /// Where the rule is defined (e.g. `rules/types.lua:12`); nil for built-in rules.
    public var definedAt: SourceLocation?
    /// Documentation for the rule, linked from SARIF viewers.
    public var helpURI: String?
    /// What a finding of the rule looks like, and the Apple documentation it rests on.
    public var example: String?
    public var source: String?

    public init(
        id: String, severity: Severity, description: String, definedAt: SourceLocation? = nil, helpURI: String? = nil,
        example: String? = nil, source: String? = nil
    ) {
        self.id = id
        self.severity = severity
        self.description = description
        self.definedAt = definedAt
        self.helpURI = helpURI
        self.example = example
        self.source = source
    }

    /// The help `uniform rules ID` prints and SARIF viewers show.
    public var documentation: RuleDocumentation {
        RuleDocumentation(id: id, description: description, example: example, source: source)
    }
}
