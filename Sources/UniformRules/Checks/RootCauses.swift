import UniformCore

/// One root cause, one finding: where a finding names the cause, the findings that are only its
/// consequences at the same place are dropped. An app exporting Apple's `public.plain-text` is
/// one `foreign-export`; the graph's "also declared by the system catalog" at the same
/// declaration says the same thing again.
enum RootCauses {
    /// Cause → the consequences it makes redundant at the same location.
    static let supersedes: [String: Set<String>] = [
        "foreign-export": [
            RuleDescription.duplicateDeclaration.id, "extension-claimed-by-several-types", "export-loses-extension",
        ],
        // The loser of a lookup is told why its files are not its own; that the extension is
        // shared is part of that sentence.
        "export-loses-extension": ["extension-claimed-by-several-types"],
        // An app that both exports and imports one type: the graph's duplicate note says it again.
        "exported-and-imported": [RuleDescription.duplicateDeclaration.id],
        // The stand-in id's own note says which checks ran without the vendor.
        RuleDescription.bundleIDMissing.id: ["vendor-unknown"],
        RuleDescription.bundleIDPlaceholder.id: ["vendor-unknown"],
    ]

    static func collapse(_ findings: [Finding]) -> [Finding] {
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
