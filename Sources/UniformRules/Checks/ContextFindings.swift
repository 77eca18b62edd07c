import UniformCore

/// Takes out the findings about context apps (`Manifest.isContext`): other vendors' apps that
/// model the device. They shape every answer, but their manifests are not the team's to fix, so
/// modelling the device must not add their warnings to the team's.
///
/// A finding is about a context app when it is written in a context app's Info.plist — even
/// when it also points at the team's (NetNewsWire with Vienna as context: "Vienna's import of
/// OPML is ignored, NetNewsWire's wins" is Vienna's to fix, not the team's) — or, with no place
/// in a manifest of the team's, its subject is a context app's bundle id or a type only context
/// apps declare. A finding in the team's manifest that names a context app (a conflict with it,
/// a claim it wins) stays.
enum ContextFindings {
    static func removing(_ findings: [Finding], apps: [Manifest]) -> [Finding] {
        let context = apps.filter(\.isContext)
        guard !context.isEmpty else { return findings }
        let team = apps.filter { !$0.isContext }
        let places = FilePlaces(context: context.map(\.file), team: team.map(\.file))
        let teamIDs = Set(team.map { $0.bundleID.lowercased() })
        let contextIDs = Set(context.map { $0.bundleID.lowercased() }).subtracting(teamIDs)
        let teamTypes = Set(team.flatMap { ($0.exportedTypes + $0.importedTypes).map { $0.identifier.lowercased() } })
        let contextTypes = Set(
            context.flatMap { ($0.exportedTypes + $0.importedTypes).map { $0.identifier.lowercased() } }
        ).subtracting(teamTypes)
        var kept: [Finding] = []
        kept.reserveCapacity(findings.count)
        for finding in findings {
            if let file = finding.location?.file {
                switch places.owner(of: file) {
                case .context:
                    continue
                case .team:
                    kept.append(finding)
                    continue
                case .neither: break
                }
            }
            if let subject = finding.subject?.lowercased(),
                contextIDs.contains(subject) || contextTypes.contains(subject)
            {
                continue
            }
            kept.append(finding)
        }
        return kept
    }

    /// Which apps' manifest a finding's file is: compared as written, else as the file system
    /// resolves it (a location may spell the path differently from the manifest).
    struct FilePlaces {
        enum Owner { case context, team, neither }
        var written: [String: Owner] = [:]
        var canonical: [String: Owner] = [:]

        init(context: [String], team: [String]) {
            for file in context {
                written[file] = .context
                canonical[CanonicalPath.of(file)] = .context
            }
            // A file both read (two targets, one plist) counts as the team's.
            for file in team {
                written[file] = .team
                canonical[CanonicalPath.of(file)] = .team
            }
        }

        func owner(of file: String) -> Owner {
            written[file] ?? canonical[CanonicalPath.of(file)] ?? .neither
        }
    }
}
