import UniformCore

/// Everything one `uniform check` run produced, as handed to the reporters.
public struct CheckRun: Sendable {
    /// Already in report order (`Finding.reportOrder`); reporters keep the order they get.
    public var findings: [Finding]
    /// The manifest files checked, so a summary can say "in 56 manifests" even when clean.
    public var manifests: [String]
    /// Every rule that ran, fired or not.
    public var rules: [RuleInfo]
    public var toolVersion: String
    /// The directory relative paths are relative to (usually the working directory). Formats
    /// that need repository-relative paths (SARIF, GitHub) make absolute paths under it relative.
    public var baseDirectory: String?
    /// The directory the findings' relative paths start from (the process's), so SARIF and
    /// GitHub name the same file the same way from any folder; nil: paths are taken as given.
    public var workingDirectory: String?
    /// GitHub annotations are relative to the workflow's checkout (`GITHUB_WORKSPACE`) when set.
    public var annotationBase: String?
    /// `--strict`: warnings fail the run, so JUnit and TAP count them as failures too.
    public var strict = false

    public init(
        findings: [Finding], manifests: [String], rules: [RuleInfo], toolVersion: String, baseDirectory: String? = nil
    ) {
        self.findings = findings
        self.manifests = manifests
        self.rules = rules
        self.toolVersion = toolVersion
        self.baseDirectory = baseDirectory
    }

    /// Rules by id: the declared ones, plus a bare entry for any rule id that only appears in
    /// a finding (built-in checks such as `manifest.duplicate-key`), sorted by id so every
    /// format lists them in the same order.
    public var allRules: [RuleInfo] {
        var byID: [String: RuleInfo] = [:]
        for rule in rules where byID[rule.id] == nil { byID[rule.id] = rule }
        for finding in findings where byID[finding.rule] == nil {
            byID[finding.rule] = RuleInfo(id: finding.rule, severity: finding.severity, description: finding.rule)
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    public var counts: SeverityCounts { SeverityCounts(findings) }
}
