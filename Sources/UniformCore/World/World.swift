/// Everything a question is answered against: the apps, the type graph, user defaults, and
/// indexes from types and tags to the claims that name them.
///
/// A world is an immutable value built in one go. What-if questions build a new one, which is
/// cheap next to parsing; that keeps queries free of locks and of surprises.
public struct World: Sendable {
    public let apps: [Manifest]
    public let graph: TypeGraph
    /// User defaults from `--defaults`, then those declared by rules (which override).
    public let preferenceDefaults: [DefaultHandler]
    public let ruleDefaults: [DefaultHandler]
    /// Which apps take part in resolution.
    public let platform: PlatformFilter
    /// Loader, graph and world findings (checks add their own).
    public let findings: [Finding]

    private let appIndex: [String: Int]
    /// What the resolver reads: claims by type and tag, and the facts ranking compares.
    let index: ClaimIndex

    public init(
        manifests: [Manifest],
        ruleDeclarations: [TypeDeclaration] = [],
        catalog: [TypeDeclaration] = SystemCatalog.typeDeclarations,
        preferenceDefaults: [DefaultHandler] = [],
        ruleDefaults: [DefaultHandler] = [],
        platform: PlatformFilter = .all,
        extraFindings: [Finding] = []
    ) {
        var findings = extraFindings
        // Two manifests with one bundle id stay two apps: `id#2`, with a finding.
        var apps: [Manifest] = []
        var appIndex: [String: Int] = [:]
        var firstByID: [String: Manifest] = [:]
        for var manifest in manifests {
            findings.append(contentsOf: manifest.findings)
            if let first = firstByID[manifest.bundleID] {
                var n = 2
                while appIndex["\(manifest.bundleID)#\(n)"] != nil { n += 1 }
                let renamed = "\(manifest.bundleID)#\(n)"
                findings.append(Finding(rule: "duplicate-bundle-id", severity: .warning,
                    message: "bundle id '\(manifest.bundleID)' is also used by \(first.file); this app is kept apart as '\(renamed)'",
                    location: manifest.location, subject: manifest.bundleID))
                manifest.bundleID = renamed
                for i in manifest.exportedTypes.indices { manifest.exportedTypes[i].origin = .manifest(bundleID: renamed) }
                for i in manifest.importedTypes.indices { manifest.importedTypes[i].origin = .manifest(bundleID: renamed) }
            } else {
                firstByID[manifest.bundleID] = manifest
            }
            appIndex[manifest.bundleID] = apps.count
            apps.append(manifest)
        }

        findings.append(contentsOf: UnresolvedPlaceholders.findings(for: apps))

        let declarations = catalog + apps.flatMap(\.declarations) + ruleDeclarations
        let claimed = apps.flatMap { $0.claims.flatMap { $0.contentTypes.map(\.value) } }
        let graph = TypeGraph(declarations: declarations, additionalIdentifiers: claimed)
        findings.append(contentsOf: graph.findings)

        self.apps = apps
        self.graph = graph
        self.preferenceDefaults = preferenceDefaults
        self.ruleDefaults = ruleDefaults
        self.platform = platform
        self.findings = findings
        self.appIndex = appIndex
        self.index = ClaimIndex(apps: apps, graph: graph)
    }

    /// The app with this bundle id (exact match).
    public func app(_ bundleID: String) -> Manifest? {
        appIndex[bundleID].map { apps[$0] }
    }

    public func appIndex(of bundleID: String) -> Int? { appIndex[bundleID] }

    public func claim(_ reference: ClaimReference) -> DocumentClaim {
        apps[reference.app].claims[reference.claim]
    }

    /// Claims whose `LSItemContentTypes` name this type.
    public func claims(of type: TypeID) -> [ClaimReference] { typeClaims(of: type).map(\.reference) }

    /// Claims naming this type, with the position of the naming entry.
    func typeClaims(of type: TypeID) -> [TypeClaim] { index.typeClaims(of: type) }

    /// Legacy claims (no `LSItemContentTypes`) naming a tag, normalised as the class requires.
    public func legacyClaims(tag: String, ofClass tagClass: String) -> [ClaimReference] {
        index.legacyClaims(tag: tag, ofClass: tagClass)
    }
}
