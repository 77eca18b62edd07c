import UniformCore
import UniformLua

/// A ranking policy: `uniform.policy(name, function(query, candidates) … end)`.
struct PolicyRule {
    var name: String
    var function: LuaFunction
    var location: SourceLocation
}

/// A visibility rule: `uniform.hide{type=…, only={…}}` or `uniform.hide(function(query, candidate) … end)`.
struct HideRule {
    enum Kind {
        /// Documents conforming to `type` are visible only to apps matching `only`.
        case restrict(type: String, only: [String], reason: String?)
        /// `function(query, candidate) → hide?, reason`.
        case function(LuaFunction)
    }

    var kind: Kind
    var location: SourceLocation
}

/// An annotation routing rule: `uniform.route(function(annotation, from, to, document) … end)`.
struct RouteRule {
    var name: String?
    var function: LuaFunction
    var location: SourceLocation
}

/// A check: `uniform.check{id=…, severity=…, description=…, run=function(report) … end}`.
public struct CheckInfo: Sendable {
    public var id: String
    public var severity: Severity
    public var description: String
    public var example: String?
    public var location: SourceLocation
    /// The Apple documentation (or message) the rule rests on.
    public var source: String? = nil
    /// Rules that fire on the same cause, and runnable examples (`examples` in the check).
    public var related: [String] = []
    public var supersedes: [String] = []
    /// `variant = { severity = "note", when = "outside the App Store" }`.
    public var variant: RuleDescription.Variant?
    public var triggering: [RuleExample] = []
    public var nonTriggering: [RuleExample] = []

    /// What `uniform rules ID` and reporters say of it, as of a built-in rule.
    public var rule: RuleDescription {
        RuleDescription(
            id: id, severity: severity, variant: variant, summary: description, source: source, related: related,
            supersedes: supersedes, triggering: triggering, nonTriggering: nonTriggering)
    }
}

struct CheckRule {
    var info: CheckInfo
    var function: LuaFunction
}
