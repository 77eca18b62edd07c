/// LaunchServices-style handler resolution (SPEC §3), explained.
public struct Resolver {
    public let world: World
    public var stages: [any ResolutionStage]
    private let dataType: TypeID?
    /// Made once: a type resolver holds the graph, and copying a graph per query costs.
    private let types: TypeResolver

    public init(world: World, stages: [any ResolutionStage] = []) {
        self.world = world
        self.stages = stages
        self.dataType = world.graph.id(of: "public.data")
        self.types = TypeResolver(graph: world.graph)
    }

    public func resolve(_ query: Query) throws -> Resolution {
        let type = types.resolve(query.target, conformingTo: query.conformingTo)
        var resolution = try gatherCandidates(for: type, query: query)
        applyUserDefault(to: &resolution)
        for stage in stages {
            try stage.apply(to: &resolution, in: world)
        }
        resolution.defaultHandler = Self.decideDefault(resolution.handlers)
        return resolution
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
        var matches: [ClaimMatch] = []
        matches.reserveCapacity(32)

        // LSItemContentTypes naming the type or one of its supertypes.
        for (a, ancestor) in type.ancestors.enumerated() {
            let claims = index.typeClaims(of: ancestor.id)
            guard !claims.isEmpty else { continue }
            let own = ancestor.distance == 0 && ancestor.id == type.id
            let kind: MatchKind = own ? .exact : world.graph.isWildcard(ancestor.id) ? .wildcard : .conforms
            for claim in claims {
                matches.append(ClaimMatch(reference: claim.reference, kind: kind, distance: own ? 0 : Int32(ancestor.distance),
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
                matches.append(ClaimMatch(reference: reference, kind: .legacy, distance: 0, source: .legacy(tag: t)))
            }
        }
        var queryTag: (tagClass: String, normalised: String)?
        if let (tagClass, tag) = query.target.tag {
            queryTag = (tagClass, TypeGraph.normalise(tag, ofClass: tagClass))
            addLegacy(tagClass, tag, index.legacyClaims(tag: tag, ofClass: tagClass))
        }
        if let id = type.id {
            for legacy in index.legacyTags(of: id) where !(legacy.tagClass == queryTag?.tagClass && legacy.normalised == queryTag?.normalised) {
                addLegacy(legacy.tagClass, legacy.tag, legacy.claims)
            }
        }

        // Legacy wildcards `*` / `****`: any document conforming to public.data.
        if let data = dataType, !(index.extensionWildcards.isEmpty && index.osTypeWildcards.isEmpty),
           let dataDistance = type.distance(to: data) {
            for (claims, osType) in [(index.extensionWildcards, false), (index.osTypeWildcards, true)] {
                for reference in claims {
                    matches.append(ClaimMatch(reference: reference, kind: .wildcard, distance: Int32(dataDistance), source: .legacyWildcard(osType: osType)))
                }
            }
        }

        return try rank(matches, type: type, query: query, legacyTags: legacyTags)
    }

    /// Keeps each app's best match — handler or refused — comparing packed numbers; strings are
    /// read only when a report or a rule asks (see `MatchedClaim`).
    private func rank(_ matches: [ClaimMatch], type: DocumentType, query: Query, legacyTags: [(tagClass: String, tag: String)]) throws -> Resolution {
        guard world.apps.count < RankEntry.maximumApps, matches.count < RankEntry.maximumMatches else {
            throw ResolutionLimitError(description: "\(query.text): \(matches.count) claims of \(world.apps.count) apps match; "
                + "the resolver ranks at most \(RankEntry.maximumMatches - 1) matches of \(RankEntry.maximumApps - 1) apps per query")
        }
        let index = world.index
        let platform = world.platform, role = query.role
        func refusal(_ facts: ClaimIndex.Facts) -> Refusal? {
            !facts.role.isHandler ? .notHandler : facts.rank == .none ? .rankNone : !role.accepts(facts.role) ? .role : nil
        }
        let bundleIDOrder = index.bundleIDOrder
        var order = RankEntry.bestOfEachApp(count: matches.count, ordering: {
            RankEntry.ordering($0, bundleIDPlace: bundleIDOrder[RankEntry.app($0)])
        }) { emit in
            for (m, match) in matches.enumerated() {
                let facts = index.facts(of: match.reference)
                guard platform == .all || platform.includes(facts.platform) else { continue }
                emit(RankEntry.grouping(app: match.reference.app, refused: refusal(facts) != nil,
                                        key: MatchKey(match.kind, match.distance, facts.rank), match: m))
            }
        }
        order.sort()
        let handlerCount = order.firstIndex(where: RankEntry.isRefused) ?? order.count

        let context = MatchContext(world: world, type: type, dataType: dataType, legacyTags: legacyTags)
        return Resolution(
            query: query, type: type,
            handlers: order[..<handlerCount].map { Candidate(MatchedClaim(context: context, match: matches[RankEntry.match($0)])) },
            excluded: order[handlerCount...].map {
                let match = matches[RankEntry.match($0)]
                return Exclusion(MatchedClaim(context: context, match: match), refusal: refusal(index.facts(of: match.reference)) ?? .role, query: role)
            },
            defaultHandler: nil,
            previewable: index.isPreviewable(type), notes: [])
    }

    // MARK: - User defaults

    /// A content-type entry for the exact type wins over a tag entry for the query's tag; a
    /// default declared by rules overrides the preferences plist.
    private func applyUserDefault(to resolution: inout Resolution) {
        let chosen = findDefault(in: world.ruleDefaults, for: resolution, source: "rule")
            ?? findDefault(in: world.preferenceDefaults, for: resolution, source: "user default")
        guard let (bundleID, location, source) = chosen else { return }
        guard let index = resolution.handlers.firstIndex(where: { $0.bundleID == bundleID }) else {
            resolution.notes.append("\(source) \(bundleID) (\(location)) ignored: it is not a candidate for this document")
            return
        }
        var candidate = resolution.handlers.remove(at: index)
        candidate.isUserDefault = true
        candidate.reasons.insert("\(source) for this document (\(location))", at: 0)
        if source == "rule" { candidate.touches.append(RuleTouch(location: location, action: "default")) }
        resolution.handlers.insert(candidate, at: 0)
    }

    private func findDefault(in handlers: [DefaultHandler], for resolution: Resolution, source: String) -> (String, SourceLocation, String)? {
        let role = resolution.query.role
        for handler in handlers {
            if case .contentType(let type) = handler.key, type.caseInsensitiveCompare(resolution.type.identifier) == .orderedSame,
               let id = handler.bundleID(for: role) {
                return (id, handler.location, source)
            }
        }
        guard let (queryClass, queryTag) = resolution.query.target.tag else { return nil }
        for handler in handlers {
            if case .tag(let tagClass, let tag) = handler.key, tagClass == queryClass,
               TypeGraph.normalise(tag, ofClass: tagClass) == TypeGraph.normalise(queryTag, ofClass: queryClass),
               let id = handler.bundleID(for: role) {
                return (id, handler.location, source)
            }
        }
        return nil
    }
}
