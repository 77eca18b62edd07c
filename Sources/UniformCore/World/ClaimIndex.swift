/// The resolver's view of a world's claims: from each type and legacy tag to the claims that
/// name it, and the few facts ranking compares, in flat arrays of plain values. A resolve reads
/// these instead of `Manifest` and `DocumentClaim` values, whose copies (dozens of strings and
/// arrays each) were most of the cost of a query. A class, so that taking it costs one
/// reference count rather than one per table.
final class ClaimIndex: Sendable {
    /// What ranking needs of a claim.
    struct Facts: Sendable {
        var rank: HandlerRank
        var role: HandlerRole
        var platform: Platform
    }

    /// A legacy tag of a declared type that some claim without `LSItemContentTypes` lists.
    struct LegacyTag: Sendable {
        var tagClass: String
        /// As the declaration spells it (explanations quote it).
        var tag: String
        /// Normalised as the tag class requires, to skip the query's own tag.
        var normalised: String
        var claims: [ClaimReference]
    }

    /// Indexed by `TypeID.index`: an array beats hashing on the resolver's hot path.
    private let byType: [[TypeClaim]]
    /// Claims without `LSItemContentTypes`, by normalised legacy tag (`*`/`****` included).
    private let byExtension: [String: [ClaimReference]]
    private let byMIME: [String: [ClaimReference]]
    private let byOSType: [String: [ClaimReference]]
    /// Indexed by `TypeID.index`: the type's own legacy-claimed tags in declared order.
    private let legacyTagsByType: [[LegacyTag]]
    /// The legacy wildcards `*` (extension) and `****` (OSType).
    let extensionWildcards: [ClaimReference]
    let osTypeWildcards: [ClaimReference]
    /// Flat, app by app; `firstClaim[app]` is where an app's claims start.
    private let facts: [Facts]
    private let firstClaim: [Int32]
    /// Each app's bundle id: candidates read it often, and through `Manifest` it cost a copy.
    let bundleIDs: [String]
    /// Each app's place in bundle-id order, so that ranking breaks ties by comparing numbers.
    let bundleIDOrder: [Int32]
    /// Indexed by `TypeID.index`: Quick Look previews the type (and so its subtypes).
    let previewable: [Bool]
    /// Quick Look preview extensions by the type index they list (`QLSupportedContentTypes`).
    /// Quick Look preview extensions by previewed type, with their platform (a Mac extension
    /// previews nothing on iOS).
    let previewers: [Int: [(bundleID: String, platform: Platform)]]

    /// What can be indexed without the type graph: claim facts, legacy tags, bundle ids. A
    /// large world builds it on another core while the graph is built.
    struct Claims: Sendable {
        var byExtension: [String: [ClaimReference]] = [:]
        var byMIME: [String: [ClaimReference]] = [:]
        var byOSType: [String: [ClaimReference]] = [:]
        var facts: [Facts] = []
        var firstClaim: [Int32] = []
        /// Each claim's number of `LSItemContentTypes` entries, flat like `facts`.
        var typeCounts: [Int32] = []
        var bundleIDs: [String] = []
        var bundleIDOrder: [Int32] = []
        /// Preview extensions' bundle ids and the identifiers they preview.
        var previewedTypes: [(bundleID: String, platform: Platform, types: [String])] = []

        init(apps: [Manifest]) {
            firstClaim.reserveCapacity(apps.count)
            let claimCount = apps.reduce(0) { $0 + $1.claims.count }
            facts.reserveCapacity(claimCount)
            typeCounts.reserveCapacity(claimCount)
            // Reused for every claim: a claim names a handful of tags, each once.
            var seenTags = UniqueBuffer<String>()
            // By index: `for (a, app) in apps.enumerated()` copied every manifest.
            for a in apps.indices {
                if !apps[a].previewedTypes.isEmpty {
                    previewedTypes.append((apps[a].bundleID, apps[a].platform, apps[a].previewedTypes.map(\.value)))
                }
                firstClaim.append(Int32(facts.count))
                let platform = apps[a].platform
                let claims = apps[a].claims
                for c in claims.indices {
                    facts.append(Facts(rank: claims[c].rank, role: claims[c].role, platform: platform))
                    let typeCount = claims[c].contentTypes.count
                    typeCounts.append(Int32(typeCount))
                    guard typeCount == 0 else { continue }
                    let reference = ClaimReference(app: a, claim: c)
                    seenTags.removeAll()
                    for tag in claims[c].extensions where seenTags.insert(tag.value.lowercasedIfNeeded) {
                        byExtension[seenTags.last, default: []].append(reference)
                    }
                    seenTags.removeAll()
                    for tag in claims[c].mimeTypes where seenTags.insert(tag.value.lowercasedIfNeeded) {
                        byMIME[seenTags.last, default: []].append(reference)
                    }
                    seenTags.removeAll()
                    for tag in claims[c].osTypes where seenTags.insert(tag.value) {
                        byOSType[tag.value, default: []].append(reference)
                    }
                }
            }
            let bundleIDs = apps.map(\.bundleID)
            self.bundleIDs = bundleIDs
            bundleIDOrder = [Int32](repeating: 0, count: apps.count)
            for (place, app) in apps.indices.sorted(by: { bundleIDs[$0] < bundleIDs[$1] }).enumerated() {
                bundleIDOrder[app] = Int32(place)
            }
        }
    }

    convenience init(apps: [Manifest], graph: TypeGraph, claimedIDs: [TypeID]) {
        self.init(claims: Claims(apps: apps), graph: graph, claimedIDs: claimedIDs)
    }

    /// `claimedIDs`: the id of every identifier in every claim's `LSItemContentTypes`, app by
    /// app and claim by claim, as the graph interned them.
    init(claims: Claims, graph: TypeGraph, claimedIDs: [TypeID]) {
        var byType = [[TypeClaim]](repeating: [], count: graph.count)
        // Reused for every claim: a claim names a handful of types, each once.
        var seenTypes = UniqueBuffer<TypeID>()
        var nextClaimed = 0
        for a in claims.firstClaim.indices {
            let first = Int(claims.firstClaim[a])
            let end = a + 1 < claims.firstClaim.count ? Int(claims.firstClaim[a + 1]) : claims.facts.count
            for flat in first..<end {
                let typeCount = Int(claims.typeCounts[flat])
                guard typeCount > 0 else { continue }
                let reference = ClaimReference(app: a, claim: flat - first)
                seenTypes.removeAll()
                for position in 0..<typeCount {
                    let id = claimedIDs[nextClaimed + position]
                    if seenTypes.insert(id) {
                        byType[id.index].append(TypeClaim(reference: reference, position: Int32(position)))
                    }
                }
                nextClaimed += typeCount
            }
        }
        let (byExtension, byMIME, byOSType) = (claims.byExtension, claims.byMIME, claims.byOSType)
        extensionWildcards = byExtension["*"] ?? []
        osTypeWildcards = byOSType["****"] ?? []
        // The types with a legacy-claimed tag, then their tags in id order, which is nearly
        // load order: their declarations are read in the order they lie in memory.
        var hasLegacyTag = [Bool](repeating: false, count: graph.count)
        for (tagClass, table) in [
            (TagClass.filenameExtension, byExtension), (TagClass.mimeType, byMIME), (TagClass.osType, byOSType),
        ] {
            for tag in table.keys {
                for id in graph.types(withTag: tag, ofClass: tagClass) { hasLegacyTag[id.index] = true }
            }
        }
        var legacyTagsByType = [[LegacyTag]](repeating: [], count: graph.count)
        for i in hasLegacyTag.indices where hasLegacyTag[i] {
            legacyTagsByType[i] = Self.legacyTags(of: TypeID(i), graph: graph, byExtension, byMIME, byOSType)
        }
        var previewable = [Bool](repeating: false, count: graph.count)
        for id in QuickLook.previewableIDs(in: graph) { previewable[id.index] = true }
        self.previewable = previewable
        var previewers: [Int: [(bundleID: String, platform: Platform)]] = [:]
        for (bundleID, platform, types) in claims.previewedTypes {
            for type in types {
                guard let id = graph.id(of: type),
                    previewers[id.index]?.contains(where: { $0.bundleID == bundleID }) != true
                else { continue }
                previewers[id.index, default: []].append((bundleID, platform))
            }
        }
        self.previewers = previewers
        self.byType = byType
        self.byExtension = byExtension
        self.byMIME = byMIME
        self.byOSType = byOSType
        self.legacyTagsByType = legacyTagsByType
        self.facts = claims.facts
        self.firstClaim = claims.firstClaim
        self.bundleIDs = claims.bundleIDs
        self.bundleIDOrder = claims.bundleIDOrder
    }

    /// The type's legacy-claimed tags in the order its declaration lists them, each once.
    private static func legacyTags(
        of id: TypeID, graph: TypeGraph, _ byExtension: [String: [ClaimReference]],
        _ byMIME: [String: [ClaimReference]], _ byOSType: [String: [ClaimReference]]
    ) -> [LegacyTag] {
        guard let lists = graph.winningTags(id) else { return [] }
        var tags: [LegacyTag] = []
        for list in lists {
            let table =
                switch list.tagClass {
                case TagClass.filenameExtension: byExtension
                case TagClass.mimeType: byMIME
                case TagClass.osType: byOSType
                default: [String: [ClaimReference]]()
                }
            for tag in list.tags {
                let normalised = TypeGraph.normalise(tag, ofClass: list.tagClass)
                guard !tags.contains(where: { $0.tagClass == list.tagClass && $0.normalised == normalised }) else {
                    continue
                }
                tags.append(
                    LegacyTag(
                        tagClass: list.tagClass, tag: tag, normalised: normalised, claims: table[normalised] ?? []))
            }
        }
        return tags.filter { !$0.claims.isEmpty }
    }

    func facts(of reference: ClaimReference) -> Facts {
        facts[Int(firstClaim[reference.app]) + reference.claim]
    }

    func typeClaims(of type: TypeID) -> [TypeClaim] {
        type.index < byType.count ? byType[type.index] : []
    }

    func legacyClaims(tag: String, ofClass tagClass: String) -> [ClaimReference] {
        switch tagClass {
        case TagClass.filenameExtension: byExtension[tag.lowercasedIfNeeded] ?? []
        case TagClass.mimeType: byMIME[tag.lowercasedIfNeeded] ?? []
        case TagClass.osType: byOSType[tag] ?? []
        default: []
        }
    }

    func legacyTags(of type: TypeID) -> [LegacyTag] {
        type.index < legacyTagsByType.count ? legacyTagsByType[type.index] : []
    }

    /// The preview extensions for a type: those listing it or a type it conforms to.
    func previewExtensions(for type: DocumentType, platform: PlatformFilter) -> [String] {
        guard !previewers.isEmpty else { return [] }
        var found: [String] = []
        for ancestor in type.ancestors {
            for previewer in previewers[ancestor.id.index] ?? []
            where platform.includes(previewer.platform) && !found.contains(previewer.bundleID) {
                found.append(previewer.bundleID)
            }
        }
        return found
    }

    func isPreviewable(_ type: DocumentType) -> Bool {
        type.ancestors.contains { $0.id.index < previewable.count && previewable[$0.id.index] }
    }
}

/// Distinct items of one small list in insertion order, reused from list to list: a claim's
/// types or tags compare against each other until there are more than a few dozen (hostile
/// input), then hash, so it never turns quadratic; no allocation once it has grown.
struct UniqueBuffer<Element: Hashable> {
    private var items: [Element] = []
    private var index: Set<Element> = []
    private static var linearLimit: Int { 16 }

    var last: Element { items[items.count - 1] }

    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        if !index.isEmpty { index.removeAll(keepingCapacity: true) }
    }

    /// Adds `item` unless present; true if it was added.
    mutating func insert(_ item: Element) -> Bool {
        if items.count >= Self.linearLimit {
            if index.isEmpty { index = Set(items) }
            guard index.insert(item).inserted else { return false }
        } else if items.contains(item) {
            return false
        }
        items.append(item)
        return true
    }
}
