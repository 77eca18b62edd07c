import UniformCore

/// What configuration changes about checks: rules switched off, severities changed.
public struct CheckOptions: Sendable {
    public var disabled: Set<String>
    public var severities: [String: Severity]
    /// Whether `uniform:ignore` comments in manifests suppress findings: not when the policy
    /// comes from a trusted revision (`--policy-from`), where the manifests are the pull
    /// request's.
    public var inlineSuppressions = true

    public init(disabled: Set<String> = [], severities: [String: Severity] = [:]) {
        self.disabled = disabled
        self.severities = severities
    }

    /// Applies the configuration to a finding; `nil` when its rule is disabled.
    public func apply(_ finding: Finding) -> Finding? {
        guard !disabled.contains(finding.rule) else { return nil }
        var finding = finding
        if let severity = severities[finding.rule] { finding.severity = severity }
        return finding
    }
}
