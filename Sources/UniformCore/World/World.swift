import Foundation

/// Everything a question is answered against: the apps, the type graph, user defaults, and
/// indexes from types and tags to the claims that name them.
///
/// A world is an immutable value built in one go. What-if questions build a new one, which is
/// cheap next to parsing; that keeps queries free of locks and of surprises.
public struct World: Sendable {
    /// One reference for the whole world: resolutions keep the world they were answered in, and
    /// copying a struct of a dozen arrays and tables cost more than the resolve itself.
    private final class Storage: @unchecked Sendable {
        let apps: [Manifest]
        let graph: TypeGraph
        let preferenceDefaults: [DefaultHandler]
        let ruleDefaults: [DefaultHandler]
        let platform: PlatformFilter
        /// Loader and world findings; the graph's follow them in `findings`.
        let ownFindings: [Finding]
        let appIndex: [String: Int]
        let index: ClaimIndex
        /// `ownFindings` then the graph's, made on first read: a large world has 200,000 graph
        /// findings, which a copy at build time doubled for a list most uses never read.
        private var allFindings: [Finding]?
        /// `appIndex` keyed by `BundleID.folded`, made on the first lookup the exact spelling
        /// misses: folding every id cost each world built, and most worlds are asked only in
        /// the manifests' own spelling.
        private var foldedAppIndex: [String: Int]?
        private let lock = NSLock()

        init(
            apps: [Manifest], graph: TypeGraph, preferenceDefaults: [DefaultHandler], ruleDefaults: [DefaultHandler],
            platform: PlatformFilter, findings: [Finding], appIndex: [String: Int], index: ClaimIndex
        ) {
            self.apps = apps
            self.graph = graph
            self.preferenceDefaults = preferenceDefaults
            self.ruleDefaults = ruleDefaults
            self.platform = platform
            self.ownFindings = findings
            self.appIndex = appIndex
            self.index = index
        }

        var findings: [Finding] {
            lock.lock()
            defer { lock.unlock() }
            if let allFindings { return allFindings }
            var all = ownFindings
            all.append(contentsOf: graph.findings)
            allFindings = all
            return all
        }

        /// The app whose bundle id folds to `key`; of ids differing only in case (two apps, as
        /// the manifests are two), the first loaded.
        func appIndex(folded key: String) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            if let foldedAppIndex { return foldedAppIndex[key] }
            var index: [String: Int] = [:]
            index.reserveCapacity(apps.count)
            for a in apps.indices {
                let key = BundleID.folded(apps[a].bundleID)
                if index[key] == nil { index[key] = a }
            }
            foldedAppIndex = index
            return index[key]
        }
    }
    private let storage: Storage

    /// Tells worlds apart cheaply (caches keyed by world: a world never changes once built).
    public var identity: ObjectIdentifier { ObjectIdentifier(storage) }

    public var apps: [Manifest] { _read { yield storage.apps } }
    public var graph: TypeGraph { _read { yield storage.graph } }
    /// User defaults from `--defaults`, then those declared by rules (which override).
    public var preferenceDefaults: [DefaultHandler] { _read { yield storage.preferenceDefaults } }
    public var ruleDefaults: [DefaultHandler] { _read { yield storage.ruleDefaults } }
    /// Which apps take part in resolution.
    public var platform: PlatformFilter { storage.platform }
    /// Loader, graph and world findings (checks add their own).
    public var findings: [Finding] { storage.findings }
    /// What the resolver reads: claims by type and tag, and the facts ranking compares.
    var index: ClaimIndex { storage.index }

    /// Two app targets of one Xcode project building one bundle id are variants of one app (a
    /// screenshots build, a build without a component: Pyto, a-Shell): installing one replaces
    /// the other. Words naming the first target, or nil when the two are not such a pair.
    static func buildVariants(_ a: ManifestOrigin?, _ b: ManifestOrigin?) -> String? {
        // `productType` is written without Apple's prefix: `application`, `app-extension`.
        func isApp(_ origin: ManifestOrigin) -> Bool {
            origin.productType.hasPrefix("application")
                || origin.productType.hasPrefix("com.apple.product-type.application")
        }
        guard let a, let b, a.project == b.project, a.target != b.target, isApp(a), isApp(b) else { return nil }
        return "another app target of \(ProjectPath.lastComponent(ProjectPath.directory(of: a.project))), '\(a.target)'"
    }

    /// Targets that read one Info.plist and resolve to one bundle id on one platform are one
    /// app built in variants (DeSmuME's 16 targets: Apple Silicon, Intel, PowerPC, dev and
    /// release stages), not 16 apps clashing: Launch Services knows an app by its bundle id, and
    /// the file and the id are the same. The first target's manifest stands for them.
    static func mergingBuildVariants(_ manifests: [Manifest]) -> [Manifest] {
        var seen = Set<String>()
        var kept: [Manifest] = []
        kept.reserveCapacity(manifests.count)
        for manifest in manifests {
            if manifest.origin != nil {
                let key = "\(manifest.file)\u{0}\(manifest.bundleID)\u{0}\(manifest.platform)"
                guard seen.insert(key).inserted else { continue }
            }
            kept.append(manifest)
        }
        return kept
    }

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
        // Two manifests with one bundle id stay two apps: `id#2`, with a finding. The apps
        // are the manifests, renamed in place where needed: a copy of each cost a tenth of
        // building a large world.
        var apps = Self.mergingBuildVariants(manifests)
        var appIndex: [String: Int] = [:]
        appIndex.reserveCapacity(apps.count)
        // The file and platform of the first app with each bundle id.
        var firstFileByID: [String: (file: String, platform: Platform, origin: ManifestOrigin?)] = [:]
        firstFileByID.reserveCapacity(apps.count)
        for a in apps.indices {
            findings.append(contentsOf: apps[a].findings)
            let bundleID = apps[a].bundleID
            if let first = firstFileByID[bundleID] {
                var n = 2
                while appIndex["\(bundleID)#\(n)"] != nil { n += 1 }
                let renamed = "\(bundleID)#\(n)"
                // One id on iOS and on macOS is one product built for two platforms (a
                // multiplatform target, or an iOS and a Mac target sharing an id), not a clash.
                if first.platform == apps[a].platform {
                    let variants = Self.buildVariants(first.origin, apps[a].origin)
                    findings.append(
                        Finding(
                            .duplicateBundleID, variant: variants != nil,
                            message:
                                "bundle id '\(bundleID)' is also used by \(first.file)"
                                + (variants.map {
                                    " (\($0)): variants of one app, which a device holds one at a time"
                                } ?? "")
                                + "; this app is kept apart as '\(renamed)'",
                            location: apps[a].location, subject: bundleID))
                }
                apps[a].bundleID = renamed
                for i in apps[a].exportedTypes.indices {
                    apps[a].exportedTypes[i].origin = .manifest(bundleID: renamed)
                }
                for i in apps[a].importedTypes.indices {
                    apps[a].importedTypes[i].origin = .manifest(bundleID: renamed)
                }
                appIndex[renamed] = a
            } else {
                firstFileByID[bundleID] = (apps[a].file, apps[a].platform, apps[a].origin)
                appIndex[bundleID] = a
            }
        }

        findings.append(contentsOf: UnresolvedPlaceholders.findings(for: apps))

        // Claims are indexed without the graph, on another core while the graph is built
        // (below a few hundred apps a thread costs more than it saves).
        let finalApps = apps
        let claims: () -> ClaimIndex.Claims
        if apps.count >= Self.concurrentBuildThreshold {
            let background = Background { ClaimIndex.Claims(apps: finalApps) }
            claims = { background.take() }
        } else {
            claims = { ClaimIndex.Claims(apps: finalApps) }
        }

        // The declarations stay in the arrays they came in (the graph keeps them by position).
        var declarations: [[TypeDeclaration]] = [catalog]
        declarations.reserveCapacity(2 * apps.count + 2)
        var claimed: [String] = []
        claimed.reserveCapacity(apps.count * 4)
        for a in apps.indices {
            declarations.append(apps[a].exportedTypes)
            declarations.append(apps[a].importedTypes)
            for c in apps[a].claims.indices {
                for type in apps[a].claims[c].contentTypes { claimed.append(type.value) }
            }
        }
        declarations.append(ruleDeclarations)
        // The ids of the claimed identifiers, in the same order, so the claim index looks
        // none of them up again.
        var claimedIDs: [TypeID] = []
        let graph = TypeGraph(segments: declarations, additionalIdentifiers: claimed, ids: &claimedIDs)

        storage = Storage(
            apps: apps, graph: graph, preferenceDefaults: preferenceDefaults, ruleDefaults: ruleDefaults,
            platform: platform,
            findings: findings, appIndex: appIndex,
            index: ClaimIndex(claims: claims(), graph: graph, claimedIDs: claimedIDs))
    }

    /// Worlds of at least this many apps are built on two cores.
    static let concurrentBuildThreshold = 256

    /// The app with this bundle id, as Launch Services finds it: the exact spelling, else the
    /// same id in another case (`com.microsoft.vscode` from a preferences plist is the app
    /// whose manifest says `com.microsoft.VSCode`). Its `bundleID` is the manifest's spelling.
    public func app(_ bundleID: String) -> Manifest? {
        appIndex(of: bundleID).map { apps[$0] }
    }

    /// The index in `apps` of the app with this bundle id, compared as `app(_:)` does.
    public func appIndex(of bundleID: String) -> Int? {
        storage.appIndex[bundleID] ?? storage.appIndex(folded: BundleID.folded(bundleID))
    }

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
