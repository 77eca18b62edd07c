import UniformCore

/// A misspelled rule id in `disable`, `severity`, `suppress`, a `uniform:ignore` comment or a
/// check's `related` or `supersedes` silently does nothing: the rule the team meant keeps
/// firing, or the one they meant to silence is not. Each such id is a finding with the nearest
/// real id.
enum UnknownRuleIDs {
    static func findings(
        options: CheckOptions, suppressions: [Suppression], known: Set<String>, configuration: String?,
        checks: [CheckInfo] = []
    ) -> [Finding] {
        var findings: [Finding] = []
        func hint(_ id: String) -> String {
            let nearest = known.min { EditDistance.between(id, $0) < EditDistance.between(id, $1) }
            return nearest.flatMap {
                EditDistance.between(id, $0) <= max(2, id.count / 4) ? "; did you mean '\($0)'?" : nil
            }
                ?? "; `uniform rules` lists every id"
        }
        let place = configuration.map { SourceLocation(file: $0) }
        for id in options.disabled.sorted() where !known.contains(id) {
            findings.append(
                Finding(
                    .configUnknownRule, message: "disable names '\(id)', which is no rule id\(hint(id))",
                    location: place, subject: id))
        }
        for id in options.severities.keys.sorted() where !known.contains(id) {
            findings.append(
                Finding(
                    .configUnknownRule, message: "severity names '\(id)', which is no rule id\(hint(id))",
                    location: place, subject: id))
        }
        for suppression in suppressions {
            for id in suppression.rules where !known.contains(id) && id != Suppression.everyRule {
                let kind = suppression.inlineFile == nil ? "suppress" : "uniform:ignore"
                findings.append(
                    Finding(
                        .configUnknownRule,
                        message: "\(kind) names '\(id)', which is no rule id\(hint(id))",
                        location: suppression.location, subject: id))
            }
        }
        for check in checks {
            for (field, ids) in [("related", check.related), ("supersedes", check.supersedes)] {
                for id in ids where !known.contains(id) {
                    findings.append(
                        Finding(
                            .configUnknownRule,
                            message: "check '\(check.id)': \(field) names '\(id)', which is no rule id\(hint(id))",
                            location: check.location, subject: id))
                }
            }
        }
        return findings
    }
}
