import Foundation

/// Every type identifier the world knows, with its winning declaration, its direct parents,
/// its conformance closure and the tag indexes.
///
/// Built once from all declarations in load order (catalog, manifests, rules); immutable
/// afterwards, so it is shared freely between threads and queries.
public struct TypeGraph: Sendable {
    /// Original spelling of each identifier (from its winning declaration, else first seen).
    private(set) var spellings: [String] = []
    /// Case-insensitive: identifier → id.
    private var identifiers = IdentifierTable(capacity: 0)
    /// Every declaration once, in load order; types refer to them by position, so building
    /// the graph copies no declaration.
    private var allDeclarations = DeclarationList([])
    /// The tables below are flat: type `i`'s items are `items[start[i] ..< start[i + 1]]`.
    /// Per-type arrays cost an allocation each, and a world of 100,000 apps has 260,000 types.
    /// Positions in `allDeclarations` of each type's declarations, in load order.
    private var declarationStart: [Int32] = []
    private var declarationOrder: [Int32] = []
    /// Load position of each type's winning declaration (also its tie-break in tag lookup);
    /// -1 for a type nobody declares.
    private var winners: [Int32] = []
    /// Direct parents after cycle breaking, in declared order.
    private var parentStart: [Int32] = []
    private var parentList: [TypeID] = []
    private var closures: [[Ancestor]] = []
    /// Sorted ids of each closure, for fast conformance tests.
    @usableFromInline private(set) var closureStart: [Int32] = []
    @usableFromInline private(set) var closureSorted: [Int32] = []
    /// tag class → normalised tag → types whose winning declaration lists it.
    private var tagIndex: [String: [String: [TypeID]]] = [:]
    private var wildcardFlags: [Bool] = []
    /// Cycles, self-conformance and losing declarations.
    public private(set) var findings: [Finding] = []

    /// The types treated as wildcards by the resolver even though the catalog does not flag
    /// them all (docs/SPEC.md §2: `public.content` is one).
    public static let extraWildcards: Set<String> = ["public.content"]

    /// Graphs of at least this many declarations are built on two cores.
    static let concurrentBuildThreshold = 4_096

    public init(declarations: [TypeDeclaration], additionalIdentifiers: [String] = []) {
        var ids: [TypeID] = []
        self.init(segments: [declarations], additionalIdentifiers: additionalIdentifiers, ids: &ids)
    }

    /// The declarations in load order as the arrays they come in (the catalog's, each app's
    /// exports and imports, the rules'), which the graph keeps without copying; `ids` receives
    /// the id of each additional identifier, in order.
    init(segments: [[TypeDeclaration]], additionalIdentifiers: [String], ids: inout [TypeID]) {
        allDeclarations = DeclarationList(segments)
        let declarations = allDeclarations
        let n = declarations.count
        // Most identifiers are declared once or twice; parents and claimed identifiers add few.
        identifiers = IdentifierTable(capacity: n + n / 4 + 64)
        spellings.reserveCapacity(n + n / 4 + 64)
        winners.reserveCapacity(n + n / 4 + 64)
        // Indexes rather than `for declaration in`: a declaration is a large value, and a copy
        // of each was a noticeable part of building a world of 100,000 apps.
        var typeOf = [Int32](repeating: 0, count: n)
        var precedence = [UInt8](repeating: 0, count: n)
        // Each declaration's parents, winning or not, by position. One pass over the
        // declarations, each read while it is in cache: parents already known (declared
        // earlier, as nearly all are) take their id now; the others are interned after the
        // declarations, in declaration order, so ids come out as if all parents were interned
        // after all declared identifiers.
        var declarationParentStart = [Int32](repeating: 0, count: n + 1)
        var declarationParents: [TypeID] = []
        declarationParents.reserveCapacity(n + n / 2)
        var pendingParents: [(slot: Int32, parent: String)] = []
        var selfConforming: [(order: Int32, parent: Int32)] = []
        var order = 0
        for segment in declarations.segments {
            for j in segment.indices {
                let identifier = segment[j].identifier
                let id = intern(identifier)
                typeOf[order] = id.raw
                precedence[order] = UInt8(
                    TypeDeclaration.precedence(segment[j].origin, segment[j].kind, location: segment[j].location))
                let current = winners[id.index]
                if current < 0 || precedence[order] < precedence[Int(current)] {
                    winners[id.index] = Int32(order)
                    // The winner's spelling (a type nobody declares keeps its first one).
                    spellings[id.index] = identifier
                }
                declarationParentStart[order] = Int32(declarationParents.count)
                var isCatalog = false
                if case .catalog = segment[j].origin { isCatalog = true }
                for (k, parent) in segment[j].parents.enumerated() {
                    if let known = identifiers.find(parent) {
                        declarationParents.append(known)
                    } else {
                        pendingParents.append((Int32(declarationParents.count), parent))
                        declarationParents.append(TypeID(Int32(-1)))
                    }
                    // Self-conformance is reported for every declaration, winning or not: a broken
                    // export deserves a finding even when the catalog's declaration shadows it.
                    if !isCatalog, selfConforming.last?.order != Int32(order),
                        Self.equalIgnoringCase(parent, identifier)
                    {
                        selfConforming.append((Int32(order), Int32(k)))
                    }
                }
                order += 1
            }
        }
        declarationParentStart[n] = Int32(declarationParents.count)
        for (slot, parent) in pendingParents { declarationParents[Int(slot)] = intern(parent) }
        pendingParents = []
        ids = additionalIdentifiers.map { intern($0) }
        let count = spellings.count

        // Declarations by type: a counting sort of load positions, which keeps load order.
        declarationStart = [Int32](repeating: 0, count: count + 1)
        for order in 0..<n { declarationStart[Int(typeOf[order]) + 1] += 1 }
        for i in 0..<count { declarationStart[i + 1] += declarationStart[i] }
        declarationOrder = [Int32](repeating: 0, count: n)
        var fill = declarationStart
        for order in 0..<n {
            let t = Int(typeOf[order])
            declarationOrder[Int(fill[t])] = Int32(order)
            fill[t] += 1
        }

        // Winners' parents (without self-conformance, reported below) and tags.
        parentStart.reserveCapacity(count + 1)
        parentList.reserveCapacity(count + count / 2)
        wildcardFlags = [Bool](repeating: false, count: count)
        var tags = TagTables(types: count)
        var manyParents = Set<TypeID>()
        for i in 0..<count {
            parentStart.append(Int32(parentList.count))
            let w = Int(winners[i])
            guard w >= 0 else { continue }
            let first = parentList.count
            let range = Int(declarationParentStart[w])..<Int(declarationParentStart[w + 1])
            // A handful of parents compare against each other; hostile lists hash.
            if range.count > 16 { manyParents.removeAll(keepingCapacity: true) }
            for k in range {
                let parent = declarationParents[k]
                guard parent.index != i else { continue }
                if range.count > 16 {
                    guard manyParents.insert(parent).inserted else { continue }
                } else if parentList[first...].contains(parent) {
                    continue
                }
                parentList.append(parent)
            }
            wildcardFlags[i] = declarations[w].isWildcard
            tags.gather(
                declarations[w].tags, exported: declarations[w].kind == .exported,
                systemSupplement: Self.isSupplementLine(declarations[w]),
                coreTypes: Self.isCoreTypesLine(declarations[w]),
                as: TypeID(i))
        }
        parentStart.append(Int32(parentList.count))
        // The extra wildcards by id, rather than lowercasing and hashing every winner's name.
        for identifier in Self.extraWildcards {
            if let id = identifiers.find(identifier), winners[id.index] >= 0 { wildcardFlags[id.index] = true }
        }
        // Losing declarations are reported on another core while the rest is built (large
        // worlds only: below a few thousand declarations a thread costs more than it saves).
        let (declarationList, winnerList, starts, orders) = (
            allDeclarations, winners, declarationStart, declarationOrder
        )
        let losing: () -> [Finding]
        if n >= Self.concurrentBuildThreshold {
            let background = Background {
                Self.losingDeclarationFindings(
                    declarationList, winners: winnerList, declarationStart: starts, declarationOrder: orders)
            }
            losing = { background.take() }
        } else {
            losing = {
                Self.losingDeclarationFindings(
                    declarationList, winners: winnerList, declarationStart: starts, declarationOrder: orders)
            }
        }
        tags.fill()
        reportSelfConformance(selfConforming, typeOf: typeOf)
        breakCycles()
        computeClosures()
        tags.order(by: self)
        tagIndex = tags.index()
        // Losing declarations first, then self-conformance and cycles (appended to the large
        // array, which is not copied).
        var all = losing()
        all.append(contentsOf: findings)
        findings = all
    }

    // MARK: - Queries

    public var count: Int { spellings.count }
    public var allIDs: [TypeID] { (0..<spellings.count).map { TypeID($0) } }

    /// Case-insensitive lookup of an interned identifier.
    public func id(of identifier: String) -> TypeID? {
        identifiers.find(identifier)
    }

    public func identifier(_ id: TypeID) -> String { spellings[id.index] }

    /// Conformance by identifier strings (case-insensitive); false when either is unknown.
    public func conforms(_ a: String, to b: String) -> Bool {
        guard let x = id(of: a), let y = id(of: b) else { return false }
        return conforms(x, to: y)
    }

    public func isDeclared(_ id: TypeID) -> Bool { winners[id.index] >= 0 }

    /// The winning declaration, whose parents and tags count.
    public func declaration(_ id: TypeID) -> TypeDeclaration? {
        let w = winners[id.index]
        return w >= 0 ? allDeclarations[Int(w)] : nil
    }

    /// The winning declaration's tag lists, without copying the declaration.
    func winningTags(_ id: TypeID) -> [TagList]? {
        let w = winners[id.index]
        return w >= 0 ? allDeclarations[Int(w)].tags : nil
    }

    /// Every declaration of the type in load order (winner included).
    public func declarations(_ id: TypeID) -> [TypeDeclaration] {
        declarationOrder[Int(declarationStart[id.index])..<Int(declarationStart[id.index + 1])].map {
            allDeclarations[Int($0)]
        }
    }

    /// Direct parents after cycle breaking, in declared order.
    public func parents(_ id: TypeID) -> [TypeID] {
        Array(parentList[Int(parentStart[id.index])..<Int(parentStart[id.index + 1])])
    }

    /// The reflexive-transitive closure, breadth-first with parents in declared order; the type
    /// itself comes first at distance 0.
    public func supertypes(_ id: TypeID) -> [Ancestor] { closures[id.index] }

    /// Reflexive, transitive conformance. Inlinable: the rules and the benchmarks call it from
    /// other modules, millions of times.
    @inlinable public func conforms(_ a: TypeID, to b: TypeID) -> Bool {
        Self.contains(closureSorted, from: closureStart[a.index], to: closureStart[a.index + 1], b.raw)
    }

    /// Binary search of a sorted range.
    @inlinable @inline(__always) static func contains(
        _ sorted: [Int32], from start: Int32, to end: Int32, _ value: Int32
    ) -> Bool {
        var low = Int(start), high = Int(end)
        while low < high {
            let mid = (low + high) >> 1
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < Int(end) && sorted[low] == value
    }

    /// Catalog-flagged wildcard types and `public.content`.
    public func isWildcard(_ id: TypeID) -> Bool { wildcardFlags[id.index] }

    /// Types whose winning declaration has the tag, in tag-lookup preference order.
    public func types(withTag tag: String, ofClass tagClass: String) -> [TypeID] {
        tagIndex[tagClass]?[Self.normalise(tag, ofClass: tagClass)] ?? []
    }

    /// Tag lookup (docs/SPEC.md §2): the candidates in preference order — `public.*` first, then types
    /// conforming to `public.data`, then the type whose first tag is the query, then exported
    /// over imported, then catalog/load order. `conformingTo` is a hard filter.
    public func lookup(tag: String, ofClass tagClass: String, conformingTo filter: TypeID? = nil) -> [TypeID] {
        let candidates = types(withTag: tag, ofClass: tagClass)
        guard let filter else { return candidates }
        return candidates.filter { conforms($0, to: filter) }
    }

    /// `caseInsensitiveCompare(_:) == .orderedSame`, without Foundation when both are ASCII.
    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        var x = a.utf8.makeIterator(), y = b.utf8.makeIterator()
        while true {
            switch (x.next(), y.next()) {
            case (nil, nil): return true
            case (let p?, let q?):
                if p >= 0x80 || q >= 0x80 { return a.caseInsensitiveCompare(b) == .orderedSame }
                let fp = (p >= 65 && p <= 90) ? p + 32 : p, fq = (q >= 65 && q <= 90) ? q + 32 : q
                if fp != fq { return false }
            default:
                // One ran out: unequal, unless non-ASCII remains that Foundation might fold.
                return (a.utf8.contains { $0 >= 0x80 } || b.utf8.contains { $0 >= 0x80 })
                    && a.caseInsensitiveCompare(b) == .orderedSame
            }
        }
    }

    /// A declaration from a supplement line of the system catalog.
    static func isSupplementLine(_ declaration: TypeDeclaration) -> Bool {
        guard case .catalog = declaration.origin else { return false }
        return SystemCatalog.isSupplement(declaration.location)
    }

    /// A declaration from CoreTypes itself.
    static func isCoreTypesLine(_ declaration: TypeDeclaration) -> Bool {
        guard case .catalog = declaration.origin else { return false }
        return declaration.location.file == SystemCatalog.fileName
    }

    /// `lowercased().hasPrefix("public.")` without allocating.
    static func hasPublicPrefix(_ identifier: String) -> Bool {
        var i = 0
        for byte in identifier.utf8 {
            if i == publicPrefix.count { return true }
            let folded = (byte >= 65 && byte <= 90) ? byte + 32 : byte
            if folded != publicPrefix[i] { return false }
            i += 1
        }
        return i == publicPrefix.count
    }
    private static let publicPrefix = Array("public.".utf8)

    /// The preferred (first) tag of a class, from the winning declaration.
    public func preferredTag(_ id: TypeID, ofClass tagClass: String) -> String? {
        let w = winners[id.index]
        return w >= 0 ? allDeclarations[Int(w)].tags(ofClass: tagClass).first : nil
    }

    /// Tags of case-insensitive classes compare lowercased.
    public static func normalise(_ tag: String, ofClass tagClass: String) -> String {
        TagClass.isCaseInsensitive(tagClass) ? tag.lowercasedIfNeeded : tag
    }

    /// The conformance path from a type up to one of its supertypes:
    /// `[com.x.pdb, public.plain-text]`.
    public func path(from start: TypeID, to target: TypeID) -> [TypeID] {
        guard let ancestor = closures[start.index].first(where: { $0.id == target }) else { return [] }
        var path = [ancestor.id]
        var via = ancestor.via
        while let step = via, step != start {
            path.append(step)
            via = closures[start.index].first(where: { $0.id == step })?.via
        }
        if target != start { path.append(start) }
        return path.reversed()
    }

    // MARK: - Building

    private mutating func intern(_ identifier: String) -> TypeID {
        let (id, inserted) = identifiers.intern(identifier)
        if inserted {
            spellings.append(identifier)
            winners.append(-1)
        }
        return id
    }

    /// Whether every tag of `declaration` is also one of `other`'s (same class, matched as
    /// lookups match them).
    static func tags(of declaration: TypeDeclaration, within other: TypeDeclaration) -> Bool {
        declaration.tags.allSatisfy { list in
            let theirs = other.tags(ofClass: list.tagClass).map { normalise($0, ofClass: list.tagClass) }
            return list.tags.allSatisfy { theirs.contains(normalise($0, ofClass: list.tagClass)) }
        }
    }

    /// One finding per losing declaration (docs/SPEC.md §2), its sentence written when first read: a
    /// world of 100,000 apps has 200,000 of them, nearly all routine imports of a system type.
    private static func losingDeclarationFindings(
        _ declarations: DeclarationList, winners: [Int32],
        declarationStart: [Int32], declarationOrder: [Int32]
    ) -> [Finding] {
        var findings: [Finding] = []
        findings.reserveCapacity(declarations.count - winners.lazy.filter { $0 >= 0 }.count)
        for i in winners.indices where declarationStart[i + 1] - declarationStart[i] > 1 {
            let w = winners[i]
            for k in Int(declarationStart[i])..<Int(declarationStart[i + 1]) {
                let n = declarationOrder[k]
                guard n != w else { continue }
                // One Info.plist read for several targets (app variants, or an extension pointed
                // at its app's file) declares each type once: the same place is not a duplicate
                // of itself.
                guard declarations[Int(n)].location != declarations[Int(w)].location else { continue }
                let message = DuplicateDeclarationMessage(
                    segments: declarations.segments,
                    winner: declarations.position(Int(w)), loser: declarations.position(Int(n)))
                if case .catalog = declarations[Int(n)].origin {
                    // The supplement yields to apps by design (the type is newer than many
                    // systems the app runs on): overriding it is not worth a word.
                    if SystemCatalog.isSupplement(declarations[Int(n)].location) { continue }
                    // Nor does an app's declaration identical to the catalog's: nothing changes.
                    let catalog = declarations[Int(n)], app = declarations[Int(w)]
                    if catalog.parents.map({ $0.lowercased() }) == app.parents.map({ $0.lowercased() }),
                        Self.tags(of: app, within: catalog), Self.tags(of: catalog, within: app)
                    {
                        continue
                    }
                    // The catalog is not the user's file: point at the declaration that overrides it.
                    findings.append(
                        Finding(
                            .duplicateDeclaration, variant: true, deferred: message,
                            location: declarations[Int(w)].location, subject: declarations[Int(w)].identifier))
                    continue
                }
                // Importing a system type the catalog declares, with no tag of its own, is what
                // Apple's templates do: routine, not worth a word. Extra tags are (they are lost).
                let loser = declarations[Int(n)], winner = declarations[Int(w)]
                if loser.kind == .imported, case .catalog = winner.origin, Self.tags(of: loser, within: winner) {
                    continue
                }
                // A host app importing what its own extension exports (or the other way round):
                // one team, one type, as Apple's extension templates write it.
                if loser.kind == .imported, case .manifest(let exporter) = winner.origin,
                    case .manifest(let importer) = loser.origin,
                    exporter.lowercased().hasPrefix(importer.lowercased() + ".")
                        || importer.lowercased().hasPrefix(exporter.lowercased() + ".")
                {
                    continue
                }
                // Two imports of a system type are routine; conflicting exports are not.
                var finding = Finding(
                    .duplicateDeclaration, variant: declarations[Int(n)].kind != .exported, deferred: message,
                    location: declarations[Int(n)].location, subject: declarations[Int(n)].identifier)
                if case .catalog = winner.origin {} else { finding.related = [winner.location] }
                findings.append(finding)
            }
        }
        return findings
    }

    /// The declarations found conforming to themselves, reported in type order.
    private mutating func reportSelfConformance(_ found: [(order: Int32, parent: Int32)], typeOf: [Int32]) {
        for (order, n) in found.sorted(by: { (typeOf[Int($0.order)], $0.order) < (typeOf[Int($1.order)], $1.order) }) {
            let declaration = allDeclarations[Int(order)]
            let location =
                Int(n) < declaration.parentLocations.count ? declaration.parentLocations[Int(n)] : declaration.location
            findings.append(
                Finding(
                    .conformanceCycle,
                    message:
                        "'\(declaration.identifier)' declares that it conforms to itself; remove it from its own UTTypeConformsTo",
                    location: location, subject: declaration.identifier))
        }
    }

    /// Depth-first search over parent edges; every back edge closes a cycle and is dropped, so
    /// closures terminate. The cycle is reported at the declaration that closes it.
    private mutating func breakCycles() {
        let count = spellings.count
        var state = [UInt8](repeating: 0, count: count) // 0 new, 1 on stack, 2 done
        var stack: [(node: Int, next: Int)] = []
        var path: [Int] = []
        var dropped = false
        for start in 0..<count where state[start] == 0 {
            stack.removeAll(keepingCapacity: true)
            path.removeAll(keepingCapacity: true)
            stack.append((start, Int(parentStart[start])))
            path.append(start)
            state[start] = 1
            while !stack.isEmpty {
                let (node, next) = stack[stack.count - 1]
                if next < Int(parentStart[node + 1]) {
                    stack[stack.count - 1].next += 1
                    let parentID = parentList[next]
                    guard parentID.raw >= 0 else { continue }
                    let parent = parentID.index
                    if state[parent] == 1 {
                        let cycleStart = path.firstIndex(of: parent) ?? 0
                        let names = (path[cycleStart...] + [parent]).map { spellings[$0] }.joined(separator: " → ")
                        let w = winners[node]
                        findings.append(
                            Finding(
                                .conformanceCycle,
                                message:
                                    "conformance cycle \(names); the edge \(spellings[node]) → \(spellings[parent]) is ignored",
                                location: w >= 0 ? allDeclarations[Int(w)].location : nil, subject: spellings[node]))
                        parentList[next] = TypeID(Int32(-1))
                        dropped = true
                    } else if state[parent] == 0 {
                        state[parent] = 1
                        stack.append((parent, Int(parentStart[parent])))
                        path.append(parent)
                    }
                } else {
                    state[node] = 2
                    stack.removeLast()
                    path.removeLast()
                }
            }
        }
        guard dropped else { return }
        // Close the gaps the dropped edges left.
        var kept: [TypeID] = []
        kept.reserveCapacity(parentList.count)
        for i in 0..<count {
            let range = Int(parentStart[i])..<Int(parentStart[i + 1])
            parentStart[i] = Int32(kept.count)
            for k in range where parentList[k].raw >= 0 { kept.append(parentList[k]) }
        }
        parentStart[count] = Int32(kept.count)
        parentList = kept
    }

    /// The most supertypes a type may have. Apple's deepest types have about a dozen; without a
    /// bound a hostile chain of 32,000 declarations needs 32,000² closure entries (5.4 GB).
    public static let maxAncestors = 128

    private mutating func computeClosures() {
        let count = spellings.count
        var truncated: [Int] = []
        closures = []
        closures.reserveCapacity(count)
        closureStart = []
        closureStart.reserveCapacity(count + 1)
        closureSorted = []
        closureSorted.reserveCapacity(count * 4)
        var mark = [Int32](repeating: -1, count: count)
        var queue: [Ancestor] = []
        for i in 0..<count {
            queue.removeAll(keepingCapacity: true)
            queue.append(Ancestor(id: TypeID(i), distance: 0, via: nil))
            mark[i] = Int32(i)
            var head = 0
            walk: while head < queue.count {
                let current = queue[head]
                head += 1
                for k in Int(parentStart[current.id.index])..<Int(parentStart[current.id.index + 1]) {
                    let parent = parentList[k]
                    guard mark[parent.index] != Int32(i) else { continue }
                    guard queue.count < Self.maxAncestors else {
                        truncated.append(i)
                        break walk
                    }
                    mark[parent.index] = Int32(i)
                    queue.append(Ancestor(id: parent, distance: current.distance + 1, via: current.id))
                }
            }
            closures.append(Array(queue))
            closureStart.append(Int32(closureSorted.count))
            let first = closureSorted.count
            for ancestor in queue { closureSorted.append(ancestor.id.raw) }
            if queue.count > 1 { closureSorted[first...].sort() }
        }
        closureStart.append(Int32(closureSorted.count))
        if let first = truncated.first {
            let w = winners[first]
            findings.append(
                Finding(
                    .conformanceTooDeep,
                    message:
                        "'\(spellings[first])'\(truncated.count > 1 ? " and \(truncated.count - 1) more types" : "") conform to more than \(Self.maxAncestors) types through their parents; the supertypes past that are ignored (real hierarchies have a dozen or so)",
                    location: w >= 0 ? allDeclarations[Int(w)].location : nil, subject: spellings[first]))
        }
    }
}

/// The tag index while the graph is built: the winners' tags gathered in one pass over the
/// declarations, then one table per tag class reserved to size and filled from the gathered
/// list; the tags that several types share are put in lookup order once conformance is known.
private struct TagTables {
    private var classes: [String] = []
    private var caseInsensitive: [Bool] = []
    private var tables: [[String: [TypeID]]] = []
    /// (class position, type, normalised tag), in type order.
    private var gathered: [(Int32, TypeID, String)] = []
    /// Tags listed by more than one type (class position, normalised tag).
    private var shared: [(Int, String)] = []
    /// Per class, each type's first tag normalised (the lookup prefers the type whose first
    /// tag the query is), and per type whether it is exported: what ordering a shared tag
    /// reads, kept here rather than looked up again in declarations scattered over memory.
    private var firstTags: [[String]] = []
    private var exported: [Bool]
    /// Per type: 1 when CoreTypes declares it, 2 when a supplement line (another system
    /// bundle, a later release) does, 0 otherwise.
    private var systemTier: [UInt8]

    init(types: Int) {
        exported = [Bool](repeating: false, count: types)
        systemTier = [UInt8](repeating: 0, count: types)
        gathered.reserveCapacity(types + types / 2)
    }

    private mutating func position(of tagClass: String) -> Int {
        if let c = classes.firstIndex(of: tagClass) { return c }
        classes.append(tagClass)
        caseInsensitive.append(TagClass.isCaseInsensitive(tagClass))
        tables.append([:])
        firstTags.append([String](repeating: "", count: exported.count))
        return classes.count - 1
    }

    mutating func gather(
        _ lists: [TagList], exported isExported: Bool, systemSupplement: Bool = false, coreTypes: Bool = false,
        as id: TypeID
    ) {
        exported[id.index] = isExported
        systemTier[id.index] = coreTypes ? 1 : systemSupplement ? 2 : 0
        var seen: UInt64 = 0
        for list in lists {
            let c = position(of: list.tagClass)
            let isFirstList = c >= 64 || seen & (1 << UInt64(c)) == 0
            if c < 64 { seen |= 1 << UInt64(c) }
            let fold = caseInsensitive[c]
            for (k, tag) in list.tags.enumerated() {
                let normalised = fold ? tag.lowercasedIfNeeded : tag
                if k == 0, isFirstList { firstTags[c][id.index] = normalised }
                guard !normalised.isEmpty else { continue }
                gathered.append((Int32(c), id, normalised))
            }
        }
    }

    /// Fills the tables from what was gathered.
    mutating func fill() {
        var counts = [Int](repeating: 0, count: classes.count)
        for (c, _, _) in gathered { counts[Int(c)] += 1 }
        for c in classes.indices { tables[c].reserveCapacity(counts[c]) }
        for (c, id, normalised) in gathered {
            // Types come one at a time: a tag the type lists twice ends in the type already.
            if Self.append(id, to: &tables[Int(c)][normalised, default: []]) { shared.append((Int(c), normalised)) }
        }
        gathered = []
    }

    /// Appends `id` unless it is already last; true if the list just reached two types.
    private static func append(_ id: TypeID, to list: inout [TypeID]) -> Bool {
        guard list.last != id else { return false }
        list.append(id)
        return list.count == 2
    }

    /// Puts each shared tag's types in lookup preference order (once, when the graph is built:
    /// the order depends on the tag alone, and working it out took most of a query's lookup):
    /// where CoreTypes declares a type with the tag, the system's other bundles' types after
    /// every other (a Mac types `.pic` as CoreTypes' `com.apple.pict`, not ImageIO's
    /// `public.radiance`, which lists `pic` first); then `public.*` first, then conforming to
    /// `public.data`, then the type whose first tag it is, then exported, then load order
    /// (unique).
    mutating func order(by graph: TypeGraph) {
        let data = graph.id(of: "public.data")
        let firstTags = firstTags, exported = exported, systemTier = systemTier
        // The graph's tables, not the graph: a closure capturing the graph copied all of it
        // (a retain per table) for every key.
        let (spellings, winners, closureStart, closureSorted) = graph.orderingTables
        for (c, normalised) in shared {
            let coreTypesHasIt = tables[c][normalised]!.contains { systemTier[$0.index] == 1 }
            tables[c][normalised]!.sortByKey { t in
                (
                    coreTypesHasIt && systemTier[t.index] == 2 ? 1 : 0,
                    TypeGraph.hasPublicPrefix(spellings[t.index]) ? 0 : 1,
                    (data.map {
                        TypeGraph.contains(
                            closureSorted, from: closureStart[t.index], to: closureStart[t.index + 1], $0.raw)
                    } ?? false) ? 0 : 1,
                    firstTags[c][t.index] == normalised ? 0 : 1,
                    exported[t.index] ? 0 : 1,
                    Int(winners[t.index])
                )
            }
        }
    }

    /// The finished index: tag class → normalised tag → types.
    consuming func index() -> [String: [String: [TypeID]]] {
        var index: [String: [String: [TypeID]]] = [:]
        for c in classes.indices { index[classes[c]] = tables[c] }
        return index
    }
}

extension TypeGraph {
    fileprivate var orderingTables: ([String], [Int32], [Int32], [Int32]) {
        (spellings, winners, closureStart, closureSorted)
    }
}

private extension Array {
    /// Sorts by a key computed once per element rather than once per comparison.
    mutating func sortByKey(_ key: (Element) -> (Int, Int, Int, Int, Int, Int)) {
        self = map { (key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// "'x' is also declared at …; this declaration (…) is ignored: …", written on first read from
/// the two declarations' positions (the arrays are shared, not copied; three words, so the
/// finding holds it without an allocation).
private struct DuplicateDeclarationMessage: DeferredMessage {
    let segments: [[TypeDeclaration]]
    let winner: (segment: Int32, offset: Int32)
    let loser: (segment: Int32, offset: Int32)

    var text: String {
        let winner = segments[Int(winner.segment)][Int(winner.offset)],
            loser = segments[Int(loser.segment)][Int(loser.offset)]
        if loser.origin == .catalog {
            return
                "'\(winner.identifier)' (\(winner.provenance)) overrides the system catalog's declaration (\(loser.provenance), \(loser.location))"
        }
        let why: String
        if winner.precedence >= loser.precedence {
            why = "the declaration loaded first wins"
        } else if winner.origin == .catalog {
            why =
                "the system's declaration takes precedence over an app's \(loser.kind == .exported ? "export" : "import")"
        } else if winner.kind == .exported && loser.kind == .imported {
            why = "an exported declaration takes precedence over an imported one"
        } else {
            why = "the \(winner.provenance) declaration takes precedence"
        }
        // What the lost declaration adds and the winner lacks is what actually changes: files
        // with those extensions are not typed as this identifier (CotEditor's import of
        // public.fortran-source adds .f03 and .f08, which the system's declaration lacks, and
        // .f90, which the system types as public.fortran-90-source: hence no advice here).
        let kept = Set(winner.tags(ofClass: TagClass.filenameExtension).map { $0.lowercased() })
        let lost = loser.tags(ofClass: TagClass.filenameExtension).filter { !kept.contains($0.lowercased()) }
        let consequence =
            lost.isEmpty
            ? ""
            : "; so files ending \(lost.map { "." + $0 }.joined(separator: ", ")) are not typed as \(loser.identifier) (`uniform type .\(lost[0])` says what they are)"
        let place =
            winner.origin == .catalog
            ? "by the system (\(winner.provenance))" : "at \(winner.location) (\(winner.provenance))"
        return
            "'\(loser.identifier)' is also declared \(place); this declaration (\(loser.provenance)) is ignored: \(why)\(consequence)"
    }
}
