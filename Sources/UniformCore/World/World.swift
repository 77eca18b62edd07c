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
    /// Indexed by `TypeID.index`: an array beats hashing on the resolver's hot path.
    private let claimsByType: [[TypeClaim]]
    /// Quick Look-previewable types, computed once per world rather than once per resolver.
    let previewable: Set<TypeID>
    /// Claims without `LSItemContentTypes`, by normalised legacy tag (`*`/`****` included).
    private let legacyByExtension: [String: [ClaimReference]]
    private let legacyByMIME: [String: [ClaimReference]]
    private let legacyByOSType: [String: [ClaimReference]]

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

        var claimsByType = [[TypeClaim]](repeating: [], count: graph.count)
        var byExtension: [String: [ClaimReference]] = [:]
        var byMIME: [String: [ClaimReference]] = [:]
        var byOSType: [String: [ClaimReference]] = [:]
        for (a, app) in apps.enumerated() {
            for (c, claim) in app.claims.enumerated() {
                let reference = ClaimReference(app: a, claim: c)
                if claim.hasContentTypes {
                    var seen = Set<TypeID>()
                    for (position, type) in claim.contentTypes.enumerated() {
                        if let id = graph.id(of: type.value), seen.insert(id).inserted {
                            claimsByType[id.index].append(TypeClaim(reference: reference, position: Int32(position)))
                        }
                    }
                } else {
                    for tag in Set(claim.extensions.map { $0.value.lowercased() }) { byExtension[tag, default: []].append(reference) }
                    for tag in Set(claim.mimeTypes.map { $0.value.lowercased() }) { byMIME[tag, default: []].append(reference) }
                    for tag in Set(claim.osTypes.map(\.value)) { byOSType[tag, default: []].append(reference) }
                }
            }
        }

        self.apps = apps
        self.graph = graph
        self.preferenceDefaults = preferenceDefaults
        self.ruleDefaults = ruleDefaults
        self.platform = platform
        self.findings = findings
        self.appIndex = appIndex
        self.claimsByType = claimsByType
        self.previewable = QuickLook.previewableIDs(in: graph)
        self.legacyByExtension = byExtension
        self.legacyByMIME = byMIME
        self.legacyByOSType = byOSType
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
    func typeClaims(of type: TypeID) -> [TypeClaim] {
        type.index < claimsByType.count ? claimsByType[type.index] : []
    }

    /// Legacy claims (no `LSItemContentTypes`) naming a tag, normalised as the class requires.
    public func legacyClaims(tag: String, ofClass tagClass: String) -> [ClaimReference] {
        switch tagClass {
        case TagClass.filenameExtension: legacyByExtension[tag.lowercased()] ?? []
        case TagClass.mimeType: legacyByMIME[tag.lowercased()] ?? []
        case TagClass.osType: legacyByOSType[tag] ?? []
        default: []
        }
    }
}
