/// LaunchServices-style handler resolution (docs/SPEC.md §3), explained.
public struct Resolver {
    public let world: World
    public var stages: [any ResolutionStage]
    private let dataType: TypeID?
    /// The types a document must conform to for macOS to bind it to an app: `public.data`,
    /// `com.apple.package`, `public.directory`.
    private let macBindableTypes: [TypeID]
    /// Made once: a type resolver holds the graph, and copying a graph per query costs.
    private let types: TypeResolver

    public init(world: World, stages: [any ResolutionStage] = []) {
        self.world = world
        self.stages = stages
        self.dataType = world.graph.id(of: "public.data")
        self.macBindableTypes = ["public.data", "com.apple.package", "public.directory"].compactMap {
            world.graph.id(of: $0)
        }
        self.types = TypeResolver(graph: world.graph)
    }

    public func resolve(_ query: Query) throws -> Resolution {
        if let respelled = senderRespelled(query) { return try resolve(respelled) }
        let type = types.resolve(query.target, conformingTo: query.conformingTo, platform: typingPlatform(query))
        var resolution = try gatherCandidates(for: type, query: query)
        try finish(&resolution)
        return resolution
    }

    /// The query with its sender as the manifest spells it, or nil when it already is (or the
    /// world has no such app): a caller may write the id in any case, as Launch Services
    /// allows, and policies compare it with the world's ids. Nil costs the common query (no
    /// sender) one test and no copy.
    private func senderRespelled(_ query: Query) -> Query? {
        guard let from = query.from, let app = world.appIndex(of: from), world.apps[app].bundleID != from else {
            return nil
        }
        var query = query
        query.from = world.apps[app].bundleID
        return query
    }

    /// Where the item is typed: the query's platform, else the world's when it has one.
    func typingPlatform(_ query: Query) -> Platform? {
        if let platform = query.platform { return platform }
        switch world.platform {
        case .ios: return .ios
        case .macos: return .macos
        case .all: return nil
        }
    }

    /// User defaults, the stages, the default handler: in place (written inline, the
    /// resolution was copied on the way out).
    private func finish(_ resolution: inout Resolution) throws {
        applyUserDefault(to: &resolution)
        for stage in stages {
            try stage.apply(to: &resolution, in: world)
        }
        resolution.defaultHandler = Self.decideDefault(resolution.handlers)
    }

    /// The first candidate is the default if a user chose it, a rule pinned it, or it matched
    /// other than as a wildcard — as on macOS, where an unknown extension makes the user choose.
    public static func decideDefault(_ handlers: [Candidate]) -> String? {
        guard let first = handlers.first else { return nil }
        return (first.isUserDefault || first.isPinned || first.match != .wildcard) ? first.bundleID : nil
    }

    // MARK: - Candidates

    func gatherCandidates(for type: DocumentType, query: Query) throws -> Resolution {
        let index = world.index
        // The lists every match comes from, looked up first so that the matches take one
        // allocation of the right size.
        var queryTag: (tagClass: String, tag: String, normalised: String, claims: [ClaimReference])?
        if let (tagClass, tag) = query.target.tag {
            queryTag = (
                tagClass, tag, TypeGraph.normalise(tag, ofClass: tagClass),
                index.legacyClaims(tag: tag, ofClass: tagClass)
            )
        }
        let typeTags = type.id.map(index.legacyTags(of:)) ?? []
        var wildcardDistance: Int?
        if let data = dataType, !(index.extensionWildcards.isEmpty && index.osTypeWildcards.isEmpty) {
            wildcardDistance = type.distance(to: data)
        }
        var count =
            (queryTag?.claims.count ?? 0)
            + (wildcardDistance == nil ? 0 : index.extensionWildcards.count + index.osTypeWildcards.count)
        for ancestor in type.ancestors { count += index.typeClaims(of: ancestor.id).count }
        for legacy in typeTags { count += legacy.claims.count }
        // Plain values, needed only while ranking: a temporary buffer (on the stack when small).
        return try withUnsafeTemporaryAllocation(of: ClaimMatch.self, capacity: max(count, 1)) { buffer in
            var n = 0
            func add(_ match: ClaimMatch) {
                (buffer.baseAddress! + n).initialize(to: match)
                n += 1
            }

            // LSItemContentTypes naming the type or one of its supertypes.
            for (a, ancestor) in type.ancestors.enumerated() {
                let claims = index.typeClaims(of: ancestor.id)
                guard !claims.isEmpty else { continue }
                let own = ancestor.distance == 0 && ancestor.id == type.id
                let kind: MatchKind = own ? .exact : world.graph.isWildcard(ancestor.id) ? .wildcard : .conforms
                for claim in claims {
                    add(
                        ClaimMatch(
                            reference: claim.reference, kind: kind, distance: own ? 0 : Int32(ancestor.distance),
                            source: .contentType(ancestor: Int32(a), position: claim.position)))
                }
            }

            // Legacy keys, only in entries without LSItemContentTypes: the query's own tag, then the
            // resolved type's own tags (never a supertype's), each tag once.
            var legacyTags: [(tagClass: String, tag: String)] = []
            func addLegacy(_ tagClass: String, _ tag: String, _ claims: [ClaimReference]) {
                guard !claims.isEmpty else { return }
                let t = Int32(legacyTags.count)
                legacyTags.append((tagClass, tag))
                for reference in claims {
                    add(ClaimMatch(reference: reference, kind: .legacy, distance: 0, source: .legacy(tag: t)))
                }
            }
            if let queryTag { addLegacy(queryTag.tagClass, queryTag.tag, queryTag.claims) }
            for legacy in typeTags
            where !(legacy.tagClass == queryTag?.tagClass && legacy.normalised == queryTag?.normalised) {
                addLegacy(legacy.tagClass, legacy.tag, legacy.claims)
            }

            // Legacy wildcards `*` / `****`: any document conforming to public.data.
            if let wildcardDistance {
                for reference in index.extensionWildcards {
                    add(
                        ClaimMatch(
                            reference: reference, kind: .wildcard, distance: Int32(wildcardDistance),
                            source: .legacyWildcard(osType: false)))
                }
                for reference in index.osTypeWildcards {
                    add(
                        ClaimMatch(
                            reference: reference, kind: .wildcard, distance: Int32(wildcardDistance),
                            source: .legacyWildcard(osType: true)))
                }
            }

            return try rank(
                UnsafeBufferPointer(rebasing: buffer[0..<n]), type: type, query: query, legacyTags: legacyTags)
        }
    }

    /// Keeps each app's best match — handler or refused — comparing packed numbers; strings are
    /// read only when a report or a rule asks (see `MatchedClaim`).
    ///
    /// One temporary buffer serves the whole ranking: an open-addressed table keyed by app keeps
    /// each app's best grouping word, the survivors are compacted to its front as ordering words
    /// and sorted there (the rest of the buffer is the sort's scratch space), and the candidates
    /// are written straight into the result arrays.
    private func rank(
        _ matches: UnsafeBufferPointer<ClaimMatch>, type: DocumentType, query: Query,
        legacyTags: [(tagClass: String, tag: String)]
    ) throws -> Resolution {
        guard world.apps.count < RankEntry.maximumApps, matches.count < RankEntry.maximumMatches else {
            throw ResolutionLimitError(
                description: "\(query.text): \(matches.count) claims of \(world.apps.count) apps match; "
                    + "the resolver ranks at most \(RankEntry.maximumMatches - 1) matches of \(RankEntry.maximumApps - 1) apps per query"
            )
        }
        let index = world.index
        let platform = query.platform.map { PlatformFilter(rawValue: $0.rawValue)! } ?? world.platform,
            role = query.role
        let bindableOnMac = macBindableTypes.contains { type.distance(to: $0) != nil }
        let accepted = role.acceptedRoles
        /// Why a refused claim is refused, first reason first (the packed test below says only
        /// whether it is).
        func refusal(_ facts: ClaimIndex.Facts) -> Refusal {
            if !facts.role.isHandler { return .notHandler }
            if facts.rank == .none { return .rankNone }
            if !bindableOnMac && facts.platform == .macos { return .unbindableOnMac }
            return .role
        }
        let context = MatchContext(world: world, type: type, dataType: dataType, legacyTags: legacyTags)
        var handlers: [Candidate] = [], excluded: [Exclusion] = []
        var unboundOnMac = false
        RankEntry.withTable(count: matches.count, apps: world.apps.count) { table in
            for m in matches.indices {
                let match = matches[m]
                let facts = index.facts(of: match.reference)
                guard platform == .all || platform.includes(facts.platform) else { continue }
                let refused =
                    accepted & facts.role.bit == 0 || facts.rank == .none
                    || (!bindableOnMac && facts.platform == .macos)
                table.insert(
                    RankEntry.grouping(
                        app: match.reference.app, refused: refused,
                        key: MatchKey(match.kind, match.distance, facts.rank), match: m))
            }
            let order = index.bundleIDOrder.withUnsafeBufferPointer { places in
                table.sortedOrdering { RankEntry.ordering($0, bundleIDPlace: places[RankEntry.app($0)]) }
            }
            var handlerCount = 0
            while handlerCount < order.count && !RankEntry.isRefused(order[handlerCount]) { handlerCount += 1 }
            handlers.reserveCapacity(handlerCount)
            for word in order[..<handlerCount] {
                handlers.append(Candidate(MatchedClaim(context: context, match: matches[RankEntry.match(word)])))
            }
            excluded.reserveCapacity(order.count - handlerCount)
            for word in order[handlerCount...] {
                let match = matches[RankEntry.match(word)]
                let why = refusal(index.facts(of: match.reference))
                if why == .unbindableOnMac { unboundOnMac = true }
                excluded.append(Exclusion(MatchedClaim(context: context, match: match), refusal: why, query: role))
            }
        }
        let previewers = index.previewExtensions(for: type, platform: platform)
        var notes: [String] = []
        if unboundOnMac {
            notes.append(
                "\(type.identifier) conforms to neither public.data nor com.apple.package: on macOS no app can be bound to it (UTCoreTypes.h), so macOS apps' claims are excluded; iOS binds it"
            )
        }
        return Resolution(
            query: query, type: type, handlers: handlers, excluded: excluded, defaultHandler: nil,
            previewable: !previewers.isEmpty || index.isPreviewable(type), notes: notes, previewedBy: previewers)
    }

    // MARK: - User defaults

    /// A content-type entry for the exact type wins over a tag entry for the query's tag; a
    /// default declared by rules overrides the preferences plist.
    private func applyUserDefault(to resolution: inout Resolution) {
        guard !(world.ruleDefaults.isEmpty && world.preferenceDefaults.isEmpty) else { return }
        let query = resolution.query, type = resolution.type.identifier
        let chosen =
            findDefault(in: world.ruleDefaults, query: query, type: type, source: .rule)
            ?? findDefault(in: world.preferenceDefaults, query: query, type: type, source: .userDefault)
        guard let (bundleID, location, source) = chosen else { return }
        // By app, not by spelling: macOS writes the ids it stores in lower case. Notes name an
        // app the world has as its manifest does.
        let app = world.appIndex(of: bundleID)
        guard let app, let index = resolution.handlers.firstIndex(where: { $0.appIndex == app }) else {
            let named = app.map { world.apps[$0].bundleID } ?? bundleID
            resolution.notes.append("\(source) \(named) (\(location)) ignored: it is not a candidate for this document")
            return
        }
        var candidate = resolution.handlers.remove(at: index)
        candidate.isUserDefault = true
        candidate.reasons.insert("\(source) for this document (\(location))", at: 0)
        if source == .rule { candidate.touches.append(RuleTouch(location: location, action: .madeDefault)) }
        resolution.handlers.insert(candidate, at: 0)
    }

    /// Where a default handler was declared; its description starts the reason and the note.
    private enum DefaultSource: String, CustomStringConvertible {
        case rule = "rule"
        case userDefault = "user default"
        var description: String { rawValue }
    }

    private func findDefault(
        in handlers: [DefaultHandler], query: Query, type: String, source: DefaultSource
    ) -> (String, SourceLocation, DefaultSource)? {
        guard !handlers.isEmpty else { return nil }
        let role = query.role
        for handler in handlers {
            if case .contentType(let declared) = handler.key, declared.caseInsensitiveCompare(type) == .orderedSame,
                let id = handler.bundleID(for: role)
            {
                return (id, handler.location, source)
            }
        }
        guard let (queryClass, queryTag) = query.target.tag else { return nil }
        for handler in handlers {
            if case .tag(let tagClass, let tag) = handler.key, tagClass == queryClass,
                TypeGraph.normalise(tag, ofClass: tagClass) == TypeGraph.normalise(queryTag, ofClass: queryClass),
                let id = handler.bundleID(for: role)
            {
                return (id, handler.location, source)
            }
        }
        return nil
    }
}
