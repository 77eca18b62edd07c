import UniformCore

/// JUnit XML for CI test dashboards: each rule is a suite, each finding a test case.
///
/// Dashboards track test history by (classname, name), so names are built from what is
/// stable across edits (rule, file, subject) rather than line numbers where possible, and a
/// rule with no findings still gets one passing case so it shows as checked. Dashboards and
/// CI steps print names and details to logs, so every piece from input in them is on one line
/// (`ReportText.line`) and the details keep only their own line breaks; the `message`
/// attribute keeps the message as it is (its line breaks are `&#10;` in the document).
public struct JUnitReporter: FindingReporter {
    public static let name = "junit"

    public init() {}

    public func report(_ run: CheckRun) -> String {
        let rules = run.allRules
        let byRule = Dictionary(grouping: run.findings, by: \.rule)
        let counts = run.counts
        var xml = XMLWriter()
        xml.start(
            "testsuites",
            [
                ("name", "uniform check"),
                ("tests", String(rules.reduce(0) { $0 + max(1, byRule[$1.id]?.count ?? 0) })),
                ("failures", String(counts.errors + (run.strict ? counts.warnings : 0))),
                ("errors", "0"),
            ])
        for rule in rules {
            let findings = byRule[rule.id] ?? []
            let className = Self.className(for: rule)
            xml.start(
                "testsuite",
                [
                    ("name", ReportText.line(rule.id)),
                    ("tests", String(max(1, findings.count))),
                    ("failures", String(findings.filter { Self.fails($0, strict: run.strict) }.count)),
                    ("errors", "0"),
                    ("skipped", "0"),
                ])
            if findings.isEmpty {
                xml.element("testcase", [("classname", className), ("name", ReportText.line(rule.id))])
            }
            var names = UniqueNames()
            for finding in findings {
                let attributes = [("classname", className), ("name", names.claim(Self.testName(for: finding)))]
                xml.start("testcase", attributes)
                let details = Self.details(for: finding)
                if !Self.fails(finding, strict: run.strict) {
                    xml.element("system-out", text: details)
                } else {
                    xml.element(
                        "failure", [("type", finding.severity.rawValue), ("message", finding.message)], text: details)
                }
                xml.end()
            }
            xml.end()
        }
        xml.end()
        return xml.output
    }

    /// A failure exactly when the finding fails the run: errors, and warnings under `--strict`
    /// (a red widget on a green job was the complaint); the rest is shown as output.
    static func fails(_ finding: Finding, strict: Bool) -> Bool {
        finding.severity == .error || (strict && finding.severity == .warning)
    }

    /// The rule's defining file (`rules/types.lua`), grouping rules by file as docs/SPEC.md §5 asks;
    /// the rule id for built-in rules.
    static func className(for rule: RuleInfo) -> String { ReportText.line(rule.definedAt?.file ?? rule.id) }

    /// `rule in file (subject)`; the line stands in when there is no subject, and the message
    /// when there is not even a file.
    static func testName(for finding: Finding) -> String {
        let what: String? =
            finding.subject
            ?? finding.location?.line.map { "line \($0)" }
            ?? finding.location?.offset.map { "byte \($0)" }
        guard let file = finding.location?.file else {
            return ReportText.line("\(finding.rule) (\(what ?? firstLine(finding.message)))")
        }
        return ReportText.line(what.map { "\(finding.rule) in \(file) (\($0))" } ?? "\(finding.rule) in \(file)")
    }

    static func details(for finding: Finding) -> String {
        var text = "\(finding.severity.rawValue): \(ReportText.line(finding.message))"
        if let location = finding.location { text += "\nat \(ReportText.line(location.description))" }
        if let subject = finding.subject { text += "\nsubject: \(ReportText.line(subject))" }
        return text
    }

    private static func firstLine(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }
}
