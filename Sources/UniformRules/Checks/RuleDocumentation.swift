import UniformCore

/// What a rule is for, how it looks when it fires and how to silence it: the text `uniform
/// rules ID` prints, and the `help` SARIF viewers (GitHub code scanning's rule panel) show
/// beside each alert, from one place so the two cannot say different things.
public struct RuleDocumentation: Sendable, Hashable {
    public var rule: RuleDescription
    /// A Lua check's `example`, in words.
    public var example: String?

    public var id: String { rule.id }
    public var description: String { rule.summary }
    public var source: String? { rule.source }

    /// How many examples of each kind are shown: all for `uniform rules ID`; one in SARIF's
    /// help, which every report repeats for every rule that ran.
    public var examplesShown = Int.max

    var triggering: [RuleExample] { Array(rule.triggering.prefix(examplesShown)) }
    var nonTriggering: [RuleExample] { Array(rule.nonTriggering.prefix(examplesShown)) }

    public init(rule: RuleDescription, example: String? = nil) {
        self.rule = rule
        self.example = example
    }

    public init(id: String, description: String, example: String? = nil, source: String? = nil) {
        self.init(
            rule: RuleDescription(id: id, severity: .warning, summary: description, source: source), example: example)
    }

    /// The first web address in `source` (Apple's page the rule rests on): SARIF's `helpUri`,
    /// which code scanning links from the rule. nil when the source names none.
    public var sourceURL: String? {
        guard let source, let start = source.range(of: "https://") else { return nil }
        let rest = source[start.lowerBound...]
        let end = rest.firstIndex { $0 == " " || $0 == ")" || $0 == "," || $0 == ";" || $0 == "\"" } ?? rest.endIndex
        var url = String(rest[..<end])
        while url.hasSuffix(".") || url.hasSuffix(":") { url.removeLast() }
        return url.count > "https://".count ? url : nil
    }

    /// The ways to silence it, as `uniform rules ID` ends.
    var silencing: [String] {
        let id = ReportText.line(id)
        let configured = "suppress = { { rule = \"\(id)\", file = \"…\", reason = \"…\" } } in .uniform.lua"
        guard rule.inManifest else { return ["silence it with a reason: " + configured] }
        return ["silence it with a reason: <!-- uniform:ignore \(id): why --> before the entry, or", configured]
    }

    /// Plain text, one paragraph per part (rule files supply the parts: each stays one line;
    /// examples are files, shown indented).
    public var text: String {
        var parts = [ReportText.line(description)]
        if let variant = rule.variant { parts.append(ReportText.line(Self.variantSentence(rule, variant))) }
        if let example { parts.append("example: " + ReportText.line(example)) }
        let triggering = triggering, nonTriggering = nonTriggering
        if !triggering.isEmpty { parts.append("fires on:\n" + Self.examples(triggering)) }
        if !nonTriggering.isEmpty { parts.append("quiet on:\n" + Self.examples(nonTriggering)) }
        if let source { parts.append("source: " + ReportText.line(source)) }
        if !rule.related.isEmpty { parts.append("related: " + ReportText.line(rule.related.joined(separator: ", "))) }
        if !rule.supersedes.isEmpty {
            parts.append(
                "one cause, one finding: its finding replaces those of "
                    + ReportText.line(rule.supersedes.joined(separator: ", ")) + " at the same place")
        }
        parts.append(silencing.joined(separator: "\n"))
        return parts.joined(separator: "\n\n")
    }

    /// Each example's text, indented, examples apart by a blank line; control characters a
    /// rule file may hold are made visible, line breaks kept.
    static func examples(_ examples: [RuleExample]) -> String {
        examples.map { example in
            example.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                "  " + ReportText.line(String($0))
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The same as Markdown: the example and the suppressions as code, so a rule's text cannot
    /// turn into markup the viewer renders (backticks inside a span widen its fence).
    public var markdown: String {
        var parts = [Self.escaped(ReportText.line(description))]
        if let variant = rule.variant {
            parts.append(Self.escaped(ReportText.line(Self.variantSentence(rule, variant))))
        }
        if let example { parts.append("**Example:** " + Self.code(ReportText.line(example))) }
        let triggering = triggering, nonTriggering = nonTriggering
        if !triggering.isEmpty { parts.append("**Fires on:**\n\n" + Self.block(Self.examples(triggering))) }
        if !nonTriggering.isEmpty {
            parts.append("**Quiet on:**\n\n" + Self.block(Self.examples(nonTriggering)))
        }
        if let source { parts.append("**Source:** " + Self.escaped(ReportText.line(source))) }
        if !rule.related.isEmpty {
            parts.append("**Related:** " + rule.related.map { Self.code(ReportText.line($0)) }.joined(separator: ", "))
        }
        if !rule.supersedes.isEmpty {
            parts.append(
                "**One cause, one finding:** its finding replaces those of "
                    + rule.supersedes.map { Self.code(ReportText.line($0)) }.joined(separator: ", ")
                    + " at the same place")
        }
        let configured =
            Self.code("suppress = { { rule = \"\(id)\", file = \"…\", reason = \"…\" } }") + " in `.uniform.lua`."
        parts.append(
            "**Silence it** with a reason: "
                + (rule.inManifest
                    ? Self.code("<!-- uniform:ignore \(id): why -->") + " before the entry, or " + configured
                    : configured))
        return parts.joined(separator: "\n\n")
    }

    /// "A warning; a note for #include?, which Xcode skips when the file is absent."
    static func variantSentence(_ rule: RuleDescription, _ variant: RuleDescription.Variant) -> String {
        "Findings are \(rule.severity.rawValue)s; \(variant.severity.rawValue)s \(variant.when)."
    }

    /// A fenced code block whose fence is longer than any run of backticks inside it.
    static func block(_ text: String) -> String {
        var longest = 2, run = 0
        for c in text {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        return fence + "\n" + text + "\n" + fence
    }

    /// Markdown's punctuation escaped, so a description is read as text.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_{}[]<>()#+!|~".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A code span whose fence is longer than any run of backticks inside it.
    static func code(_ text: String) -> String {
        var longest = 0, run = 0
        for c in text {
            run = c == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + pad + text + pad + fence
    }
}
