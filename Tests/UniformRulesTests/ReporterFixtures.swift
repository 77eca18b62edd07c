import UniformCore
import UniformRules

/// A small fixed run exercising every awkward case: a text plist finding, a binary-plist
/// finding (offset, no line), a finding with no location, messages with `%`, newlines,
/// `<&>`, commas, colons and a character XML forbids, two findings that would share a JUnit
/// name, an undeclared rule and a declared rule that never fires.
enum ReporterFixtures {
    static let textFinding = Finding(
        rule: "handler-rank", severity: .error,
        message: "Handler for <public.png> & co has no rank: 100% sure, really",
        location: SourceLocation(file: "Apps/Viewer/Info.plist", line: 12, column: 5), subject: "public.png")
    static let duplicateNameFinding = Finding(
        rule: "handler-rank", severity: .error, message: "Second claim\u{1} without rank",
        location: SourceLocation(file: "Apps/Viewer/Info.plist", line: 30, column: 9), subject: "public.png")
    static let binaryFinding = Finding(
        rule: "manifest.duplicate-key", severity: .warning,
        message: "duplicate key CFBundleName:\nthe second value wins",
        location: SourceLocation(file: "Apps/Legacy/Info.plist", offset: 1234), subject: "CFBundleName")
    static let unlocatedFinding = Finding(
        rule: "types.unused", severity: .note, message: "type com.example.thing is never used, 50% of types are",
        location: nil)

    static let findings = [textFinding, duplicateNameFinding, binaryFinding, unlocatedFinding].sorted(
        by: Finding.reportOrder)

    static let rules = [
        RuleInfo(
            id: "handler-rank", severity: .error, description: "Every handler declares a rank",
            definedAt: SourceLocation(file: "rules/handlers.lua", line: 3, column: 1),
            helpURI: "https://example.com/rules/handler-rank"),
        RuleInfo(
            id: "clean-rule", severity: .warning, description: "Never fires",
            definedAt: SourceLocation(file: "rules/types.lua", line: 10, column: 1)),
        RuleInfo(id: "types.unused", severity: .note, description: "Types should be used"),
    ]

    static let run = CheckRun(
        findings: findings,
        manifests: ["Apps/Viewer/Info.plist", "Apps/Legacy/Info.plist", "Apps/Other/Info.plist"],
        rules: rules, toolVersion: "0.1.0", baseDirectory: "/src/project")

    static let cleanRun = CheckRun(findings: [], manifests: ["Info.plist"], rules: rules, toolVersion: "0.1.0")
}
