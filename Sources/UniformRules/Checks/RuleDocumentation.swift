import UniformCore

/// What a rule is for, how it looks when it fires and how to silence it: the text `uniform
/// rules ID` prints, and the `help` SARIF viewers (GitHub code scanning's rule panel) show
/// beside each alert, from one place so the two cannot say different things.
public struct RuleDocumentation: Sendable, Hashable {
    public var id: String
    public var description: String
    public var example: String?
    /// The Apple documentation the rule rests on, when it names one.
    public var source: String?

    public init(id: String, description: String, example: String? = nil, source: String? = nil) {
        self.id = id
        self.description = description
        self.example = example
        self.source = source
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
        return [
            "silence it with a reason: <!-- uniform:ignore \(id): why --> before the entry, or",
            "suppress = { { rule = \"\(id)\", file = \"…\", reason = \"…\" } } in .uniform.lua",
        ]
    }

    /// Plain text, one paragraph per part (rule files supply the parts: each stays one line).
    public var text: String {
        var parts = [ReportText.line(description)]
        if let example { parts.append("example: " + ReportText.line(example)) }
        if let source { parts.append("source: " + ReportText.line(source)) }
        parts.append(silencing.joined(separator: "\n"))
        return parts.joined(separator: "\n\n")
    }

    /// The same as Markdown: the example and the suppressions as code, so a rule's text cannot
    /// turn into markup the viewer renders (backticks inside a span widen its fence).
    public var markdown: String {
        var parts = [Self.escaped(ReportText.line(description))]
        if let example { parts.append("**Example:** " + Self.code(ReportText.line(example))) }
        if let source { parts.append("**Source:** " + Self.escaped(ReportText.line(source))) }
        parts.append(
            "**Silence it** with a reason: "
                + Self.code("<!-- uniform:ignore \(id): why -->") + " before the entry, or "
                + Self.code("suppress = { { rule = \"\(id)\", file = \"…\", reason = \"…\" } }")
                + " in `.uniform.lua`.")
        return parts.joined(separator: "\n\n")
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
