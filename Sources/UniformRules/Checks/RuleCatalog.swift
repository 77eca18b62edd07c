import UniformCore

/// Every rule with what `uniform rules` shows: configured severity, whether it is disabled,
/// its description, examples and definition site.
public struct RuleCatalog {
    /// Built-in rules first, then Lua checks in load order.
    public var rules: [RuleInfo]

    public init(engine: RuleEngine, options: CheckOptions) {
        rules = engine.ruleInfos(options)
    }

    /// One line per rule, columns aligned.
    public var table: String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        let lines = rules.map { rule in
            let id = rule.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            let severity = (rule.disabled ? "off" : rule.severity.rawValue).padding(
                toLength: 7, withPad: " ", startingAt: 0)
            return "\(id)  \(severity)  \(rule.description)  (\(rule.definedAt?.description ?? "built-in"))"
        }
        return (lines.map(ReportText.line) + ["\(rules.count) rules; `uniform rules ID` shows one"]).joined(
            separator: "\n")
    }

    public func documentation(_ rule: RuleInfo) -> String {
        let configured = rule.severity == rule.rule.severity ? rule.rule.severityText : rule.severity.rawValue
        let header = [
            rule.id, "  severity: \(configured)\(rule.disabled ? " (disabled in .uniform.lua)" : "")",
            "  defined at: \(rule.definedAt?.description ?? "built into uniform")", "",
        ]
        // Ids, descriptions and examples come from rule files: each line stays one.
        let body = rule.documentation.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : ReportText.line("  \($0)")
        }
        return (header.map(ReportText.line) + body).joined(separator: "\n")
    }

    public static func json(_ rule: RuleInfo) -> JSONValue {
        func examples(_ list: [RuleExample]) -> JSONValue {
            .array(
                list.map { example in
                    .object([
                        ("files", .object(example.files.keys.sorted().map { ($0, .string(example.files[$0]!)) })),
                        ("arguments", .array(example.arguments.map(JSONValue.string))),
                    ])
                })
        }
        return .object([
            ("id", .string(rule.id)), ("severity", .string(rule.severity.rawValue)), ("disabled", .bool(rule.disabled)),
            ("description", .string(rule.description)), ("example", .optional(rule.example)),
            ("source", .optional(rule.source)),
            ("defined_at", .optional(rule.definedAt?.description)),
            ("related", .array(rule.rule.related.map(JSONValue.string))),
            ("triggering", examples(rule.rule.triggering)), ("non_triggering", examples(rule.rule.nonTriggering)),
        ])
    }
}
