import Foundation

/// Every type identifier the world knows, with its winning declaration, its direct parents,
/// its conformance closure and the tag indexes.
///
/// Built once from all declarations in load order (catalog, manifests, rules); immutable
/// afterwards, so it is shared freely between threads and queries.
public struct TypeGraph: Sendable {
    /// Original spelling of each identifier (from its winning declaration, else first seen).
    private(set) var spellings: [String] = []
    private var index: [String: TypeID] = [:]
    /// Winning spellings that are not all lowercase (`com.apple.iWork.pages`), so looking up an
    /// identifier as the graph spells it costs one hash and no `lowercased()`.
    private var spellingIndex: [String: TypeID] = [:]
    /// All declarations of each type in load order, and which one wins.
    /// Every declaration once, in load order; types refer to them by position, so building
    /// the graph copies no declaration.
    private var allDeclarations: [TypeDeclaration] = []
    private var declarationsByType: [[Int32]] = []
    /// Load position of each type's winning declaration (also its tie-break in tag lookup).
    private var winners: [Int32?] = []
    private(set) var parentIDs: [[TypeID]] = []
    private var closures: [[Ancestor]] = []
    /// Sorted ids of each closure, for fast conformance tests.
    private var closureSets: [[Int32]] = []
    /// tag class → normalised tag → types whose winning declaration lists it.
    private var tagIndex: [String: [String: [TypeID]]] = [:]
    private var wildcardFlags: [Bool] = []
    /// Cycles, self-conformance and losing declarations.
    public private(set) var findings: [Finding] = []

    /// The types treated as wildcards by the resolver even though the catalog does not flag
    /// them all (SPEC §3: `public.content` is one).
    public static let extraWildcards: Set<String> = ["public.content"]

    public init(declarations: [TypeDeclaration], additionalIdentifiers: [String] = []) {
        allDeclarations = declarations
        // Indexes rather than `for declaration in`: a declaration is a large value, and a
        // copy of each (twice) was a noticeable part of building a world of 100,000 apps.
        for order in declarations.indices {
            let id = intern(declarations[order].identifier)
            declarationsByType[id.index].append(Int32(order))
            if let current = winners[id.index] {
                if declarations[order].precedence < declarations[Int(current)].precedence { winners[id.index] = Int32(order) }
            } else {
                winners[id.index] = Int32(order)
            }
        }
        // Parents and extra identifiers become (possibly undeclared) nodes too.
        for order in declarations.indices {
            for parent in declarations[order].parents { _ = intern(parent) }
        }
        for identifier in additionalIdentifiers { _ = intern(identifier) }

        parentIDs = Array(repeating: [], count: spellings.count)
        wildcardFlags = Array(repeating: false, count: spellings.count)
        for i in 0..<spellings.count {
            guard let w = winners[i] else { continue }
            let winner = allDeclarations[Int(w)]
            spellings[i] = winner.identifier
            var parents = SmallUniqueList<TypeID>()
            for parent in winner.parents {
                if let id = id(of: parent) { parents.insert(id) }
            }
            parentIDs[i] = parents.items
            wildcardFlags[i] = winner.isWildcard || Self.extraWildcards.contains(winner.identifier.lowercasedIfNeeded)
            indexTags(of: winner, as: TypeID(i))
        }
        for (i, spelling) in spellings.enumerated() where index[spelling] == nil {
            spellingIndex[spelling] = TypeID(i)
        }
        reportLosingDeclarations()
        reportSelfConformance()
        breakCycles()
        computeClosures()
        orderTagIndex()
    }

    // MARK: - Queries

    public var count: Int { spellings.count }
    public var allIDs: [TypeID] { (0..<spellings.count).map { TypeID($0) } }

    /// Case-insensitive lookup of an interned identifier.
    public func id(of identifier: String) -> TypeID? {
        index[identifier] ?? spellingIndex[identifier] ?? index[identifier.lowercased()]
    }

    public func identifier(_ id: TypeID) -> String { spellings[id.index] }

    /// Conformance by identifier strings (case-insensitive); false when either is unknown.
    public func conforms(_ a: String, to b: String) -> Bool {
        guard let x = id(of: a), let y = id(of: b) else { return false }
        return conforms(x, to: y)
    }

    public func isDeclared(_ id: TypeID) -> Bool { winners[id.index] != nil }

    /// The winning declaration, whose parents and tags count.
    public func declaration(_ id: TypeID) -> TypeDeclaration? {
        winners[id.index].map { allDeclarations[Int($0)] }
    }

    /// Every declaration of the type in load order (winner included).
    public func declarations(_ id: TypeID) -> [TypeDeclaration] { declarationsByType[id.index].map { allDeclarations[Int($0)] } }

    /// Direct parents after cycle breaking, in declared order.
    public func parents(_ id: TypeID) -> [TypeID] { parentIDs[id.index] }

    /// The reflexive-transitive closure, breadth-first with parents in declared order; the type
    /// itself comes first at distance 0.
    public func supertypes(_ id: TypeID) -> [Ancestor] { closures[id.index] }

    /// Reflexive, transitive conformance.
    public func conforms(_ a: TypeID, to b: TypeID) -> Bool {
        let set = closureSets[a.index]
        var low = 0, high = set.count
        while low < high {
            let mid = (low + high) >> 1
            if set[mid] < b.raw { low = mid + 1 } else { high = mid }
        }
        return low < set.count && set[low] == b.raw
    }

    /// Catalog-flagged wildcard types and `public.content`.
    public func isWildcard(_ id: TypeID) -> Bool { wildcardFlags[id.index] }

    /// Types whose winning declaration has the tag, in tag-lookup preference order.
    public func types(withTag tag: String, ofClass tagClass: String) -> [TypeID] {
        tagIndex[tagClass]?[Self.normalise(tag, ofClass: tagClass)] ?? []
    }

    /// Tag lookup (SPEC §2): the candidates in preference order — `public.*` first, then types
    /// conforming to `public.data`, then the type whose first tag is the query, then exported
    /// over imported, then catalog/load order. `conformingTo` is a hard filter.
    public func lookup(tag: String, ofClass tagClass: String, conformingTo filter: TypeID? = nil) -> [TypeID] {
        let candidates = types(withTag: tag, ofClass: tagClass)
        guard let filter else { return candidates }
        return candidates.filter { conforms($0, to: filter) }
    }

    /// Sorts each tag's types in lookup preference order once, when the graph is built: the
    /// order depends on the tag alone, and working it out took most of a query's lookup.
    private mutating func orderTagIndex() {
        let data = id(of: "public.data")
        for (tagClass, tags) in tagIndex {
            for (normalised, types) in tags where types.count > 1 {
                func key(_ t: TypeID) -> (Int, Int, Int, Int, Int) {
                    let declaration = self.declaration(t)!
                    let isPublic = Self.hasPublicPrefix(spellings[t.index]) ? 0 : 1
                    let isData = (data.map { conforms(t, to: $0) } ?? false) ? 0 : 1
                    let first = declaration.tags(ofClass: tagClass).first.map { Self.normalise($0, ofClass: tagClass) == normalised } ?? false
                    let exported = declaration.kind == .exported ? 0 : 1
                    return (isPublic, isData, first ? 0 : 1, exported, Int(winners[t.index]!))
                }
                // Keys once per type, not once per comparison; the load order makes them unique.
                tagIndex[tagClass]![normalised] = types.map { (key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
            }
        }
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
                return (a.utf8.contains { $0 >= 0x80 } || b.utf8.contains { $0 >= 0x80 }) && a.caseInsensitiveCompare(b) == .orderedSame
            }
        }
    }

    /// `lowercased().hasPrefix("public.")` without allocating.
    private static func hasPublicPrefix(_ identifier: String) -> Bool {
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
        declaration(id)?.tags(ofClass: tagClass).first
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
        // Most identifiers are lowercase already: look them up as they are before allocating.
        if let existing = index[identifier] { return existing }
        let key = identifier.lowercased()
        if let existing = index[key] { return existing }
        let id = TypeID(spellings.count)
        index[key] = id
        spellings.append(identifier)
        declarationsByType.append([])
        winners.append(nil)
        return id
    }

    private mutating func indexTags(of declaration: TypeDeclaration, as id: TypeID) {
        for list in declaration.tags {
            var seen = SmallUniqueList<String>()
            for tag in list.tags {
                let normalised = Self.normalise(tag, ofClass: list.tagClass)
                guard !normalised.isEmpty, seen.insert(normalised) else { continue }
                tagIndex[list.tagClass, default: [:]][normalised, default: []].append(id)
            }
        }
    }

    private mutating func reportLosingDeclarations() {
        for i in 0..<spellings.count {
            guard declarationsByType[i].count > 1, let w = winners[i] else { continue }
            let winner = allDeclarations[Int(w)]
            for n in declarationsByType[i] where n != w {
                let loser = allDeclarations[Int(n)]
                // Two imports of a system type are routine; conflicting exports are not.
                let severity: Severity = (loser.kind == .exported) ? .warning : .note
                let why: String
                if winner.precedence < loser.precedence {
                    why = "the \(winner.provenance) declaration takes precedence over one \(loser.provenance)"
                } else {
                    why = "the first loaded declaration wins"
                }
                if loser.origin == .catalog {
                    // The catalog is not the user's file: point at the declaration that overrides it.
                    findings.append(Finding(
                        rule: "duplicate-declaration", severity: .note,
                        message: "'\(winner.identifier)' (\(winner.provenance)) overrides the system catalog's declaration (\(loser.provenance), \(loser.location))",
                        location: winner.location, subject: winner.identifier))
                    continue
                }
                findings.append(Finding(
                    rule: "duplicate-declaration", severity: severity,
                    message: "'\(loser.identifier)' is also declared at \(winner.location) (\(winner.provenance)); this declaration (\(loser.provenance)) is ignored: \(why)",
                    location: loser.location, subject: loser.identifier))
            }
        }
    }

    /// Self-conformance is reported for every declaration, winning or not: a broken export
    /// deserves a finding even when the catalog's declaration shadows it.
    private mutating func reportSelfConformance() {
        for i in 0..<spellings.count {
            for d in declarationsByType[i] where allDeclarations[Int(d)].origin != .catalog {
                let declaration = allDeclarations[Int(d)]
                if let n = declaration.parents.firstIndex(where: { Self.equalIgnoringCase($0, declaration.identifier) }) {
                    let location = n < declaration.parentLocations.count ? declaration.parentLocations[n] : declaration.location
                    findings.append(Finding(
                        rule: "conformance-cycle", severity: .error,
                        message: "'\(declaration.identifier)' declares that it conforms to itself; remove it from its own UTTypeConformsTo",
                        location: location, subject: declaration.identifier))
                }
            }
        }
        for i in 0..<spellings.count {
            parentIDs[i].removeAll { $0.index == i }
        }
    }

    /// Depth-first search over parent edges; every back edge closes a cycle and is dropped, so
    /// closures terminate. The cycle is reported at the declaration that closes it.
    private mutating func breakCycles() {
        var state = [UInt8](repeating: 0, count: spellings.count)  // 0 new, 1 on stack, 2 done
        for start in 0..<spellings.count where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            var path: [Int] = [start]
            state[start] = 1
            while !stack.isEmpty {
                let (node, next) = stack[stack.count - 1]
                if next < parentIDs[node].count {
                    stack[stack.count - 1].next += 1
                    let parent = parentIDs[node][next].index
                    if state[parent] == 1 {
                        let cycleStart = path.firstIndex(of: parent) ?? 0
                        let names = (path[cycleStart...] + [parent]).map { spellings[$0] }.joined(separator: " → ")
                        let location = declaration(TypeID(node))?.location
                        findings.append(Finding(
                            rule: "conformance-cycle", severity: .error,
                            message: "conformance cycle \(names); the edge \(spellings[node]) → \(spellings[parent]) is ignored",
                            location: location, subject: spellings[node]))
                        parentIDs[node].remove(at: next)
                        stack[stack.count - 1].next -= 1
                    } else if state[parent] == 0 {
                        state[parent] = 1
                        stack.append((parent, 0))
                        path.append(parent)
                    }
                } else {
                    state[node] = 2
                    stack.removeLast()
                    path.removeLast()
                }
            }
        }
    }

    private mutating func computeClosures() {
        closures = Array(repeating: [], count: spellings.count)
        closureSets = Array(repeating: [], count: spellings.count)
        var mark = [Int32](repeating: -1, count: spellings.count)
        for i in 0..<spellings.count {
            var queue: [Ancestor] = [Ancestor(id: TypeID(i), distance: 0, via: nil)]
            mark[i] = Int32(i)
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                for parent in parentIDs[current.id.index] where mark[parent.index] != Int32(i) {
                    mark[parent.index] = Int32(i)
                    queue.append(Ancestor(id: parent, distance: current.distance + 1, via: current.id))
                }
            }
            closures[i] = queue
            closureSets[i] = queue.map(\.id.raw).sorted()
        }
    }
}
