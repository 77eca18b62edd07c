import UniformCore

/// The rules the loader, the type graph and the engine apply (they need no Lua), listed
/// beside the Lua checks so `uniform rules`, reporters and configuration treat them alike.
/// Each is defined once, as a `RuleDescription` beside the code that emits it.
public enum BuiltinRules {
    public static let all: [RuleDescription] = RuleDescription.core + RuleDescription.engine
}

extension RuleEngine {
    /// Every rule with the severities and switches `options` give them: built-in ones, then
    /// Lua checks in load order.
    public func ruleInfos(_ options: CheckOptions = CheckOptions()) -> [RuleInfo] {
        func configured(_ rule: RuleDescription, definedAt: SourceLocation? = nil, example: String? = nil) -> RuleInfo {
            RuleInfo(
                rule, severity: options.severities[rule.id], disabled: options.disabled.contains(rule.id),
                definedAt: definedAt, example: example)
        }
        return BuiltinRules.all.map { configured($0) }
            + checkInfos.map { configured($0.rule, definedAt: $0.location, example: $0.example) }
    }

    /// Every rule with its default severity, as reporters list the rules that ran.
    public var ruleInfos: [RuleInfo] { ruleInfos() }
}
