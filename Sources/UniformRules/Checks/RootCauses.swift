import UniformCore

/// One root cause, one finding: where a finding names the cause, the findings that are only its
/// consequences at the same place are dropped. Which rule names which cause is each rule's
/// `supersedes`, in its description (`RuleDescription`, or `supersedes` in `uniform.check`).
enum RootCauses {
    /// Cause → the consequences it makes redundant at the same location.
    static func supersedes(_ rules: [RuleDescription]) -> [String: Set<String>] {
        var map: [String: Set<String>] = [:]
        for rule in rules where !rule.supersedes.isEmpty { map[rule.id, default: []].formUnion(rule.supersedes) }
        return map
    }

    static func collapse(_ findings: [Finding], supersedes: [String: Set<String>]) -> [Finding] {
        var causes: [String: Set<String>] = [:] // location → consequence rules it silences
        for finding in findings {
            guard let silenced = supersedes[finding.rule], let location = finding.location else { continue }
            causes[key(location), default: []].formUnion(silenced)
        }
        guard !causes.isEmpty else { return findings }
        return findings.filter { finding in
            guard let location = finding.location, let silenced = causes[key(location)] else { return true }
            return !silenced.contains(finding.rule)
        }
    }

    private static func key(_ location: SourceLocation) -> String {
        "\(location.file)\u{0}\(location.line ?? -1)\u{0}\(location.column ?? -1)\u{0}\(location.offset ?? -1)"
    }
}
