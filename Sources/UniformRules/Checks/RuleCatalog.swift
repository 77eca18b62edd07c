import UniformCore

/// Every rule with what `uniform rules` shows: configured severity, whether it is disabled,
/// description, example and definition site.
public struct RuleCatalog {
    public struct Entry: Sendable {
        public var id: String
        public var severity: Severity
        public var disabled: Bool
        public var description: String
        public var example: String?
        /// The Apple documentation the rule rests on, when it names one.
        public var source: String?
        /// nil for rules built into the loader, graph, suppressions and baselines.
        public var definedAt: SourceLocation?
    }

    /// Built-in rules first, then Lua checks in load order.
    public var rules: [Entry]

    public init(engine: RuleEngine, options: CheckOptions) {
        var rules = BuiltinRules.all.map {
            Entry(
                id: $0.id, severity: options.severities[$0.id] ?? $0.severity,
                disabled: options.disabled.contains($0.id),
                description: $0.description, example: nil, source: nil, definedAt: nil)
        }
        rules += engine.checkInfos.map {
            Entry(
                id: $0.id, severity: options.severities[$0.id] ?? $0.severity,
                disabled: options.disabled.contains($0.id),
                description: $0.description, example: $0.example, source: $0.source, definedAt: $0.location)
        }
        self.rules = rules
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

    public func documentation(_ rule: Entry) -> String {
        let header = [
            rule.id, "  severity: \(rule.severity.rawValue)\(rule.disabled ? " (disabled in .uniform.lua)" : "")",
            "  defined at: \(rule.definedAt?.description ?? "built into uniform")", "",
        ]
        // Ids, descriptions and examples come from rule files: each line stays one.
        let body = RuleDocumentation(
            id: rule.id, description: rule.description, example: rule.example, source: rule.source
        ).text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : ReportText.line("  \($0)")
        }
        return (header.map(ReportText.line) + body).joined(separator: "\n")
    }

    public static func json(_ rule: Entry) -> JSONValue {
        .object([
            ("id", .string(rule.id)), ("severity", .string(rule.severity.rawValue)), ("disabled", .bool(rule.disabled)),
            ("description", .string(rule.description)), ("example", .optional(rule.example)),
            ("source", .optional(rule.source)),
            ("defined_at", .optional(rule.definedAt?.description)),
        ])
    }
}
