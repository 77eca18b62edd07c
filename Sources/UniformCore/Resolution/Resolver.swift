/// LaunchServices-style handler resolution (SPEC §3), explained.
public struct Resolver {
    public let world: World
    public var stages: [any ResolutionStage]
    private let dataType: TypeID?

    public init(world: World, stages: [any ResolutionStage] = []) {
        self.world = world
        self.stages = stages
        self.dataType = world.graph.id(of: "public.data")
    }

    public func resolve(_ query: Query) throws -> Resolution {
        let type = TypeResolver(graph: world.graph).resolve(query.target, conformingTo: query.conformingTo)
        var resolution = gatherCandidates(for: type, query: query)
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

    func gatherCandidates(for type: DocumentType, query: Query) -> Resolution {
        var matches: [ClaimMatch] = []
        let graph = world.graph

        // LSItemContentTypes naming the type or one of its supertypes.
        for (a, ancestor) in type.ancestors.enumerated() {
            let claims = world.typeClaims(of: ancestor.id)
            guard !claims.isEmpty else { continue }
            let own = ancestor.distance == 0 && ancestor.id == type.id
            let kind: MatchKind = own ? .exact : graph.isWildcard(ancestor.id) ? .wildcard : .conforms
            for claim in claims {
                matches.append(ClaimMatch(reference: claim.reference, kind: kind, distance: own ? 0 : ancestor.distance,
                                          source: .contentType(ancestor: Int32(a), position: claim.position)))
            }
        }

        // Legacy keys, only in entries without LSItemContentTypes: the query's own tag and the
        // resolved type's own tags (never a supertype's).
        var seenLegacy: [(String, String)] = []
        func addLegacy(_ tagClass: String, _ tag: String) {
            let normalised = TypeGraph.normalise(tag, ofClass: tagClass)
            guard !seenLegacy.contains(where: { $0.0 == tagClass && $0.1 == normalised }) else { return }
            seenLegacy.append((tagClass, normalised))
            for reference in world.legacyClaims(tag: tag, ofClass: tagClass) {
                matches.append(ClaimMatch(reference: reference, kind: .legacy, distance: 0, source: .legacy(tagClass: tagClass, tag: tag)))
            }
        }
        if let (tagClass, tag) = query.target.tag { addLegacy(tagClass, tag) }
        if let id = type.id, let declaration = graph.declaration(id) {
            for list in declaration.tags
            where list.tagClass == TagClass.filenameExtension || list.tagClass == TagClass.mimeType || list.tagClass == TagClass.osType {
                for tag in list.tags { addLegacy(list.tagClass, tag) }
            }
        }

        // Legacy wildcards `*` / `****`: any document conforming to public.data.
        if let data = dataType, let dataDistance = type.distance(to: data) {
            for (tag, tagClass) in [("*", TagClass.filenameExtension), ("****", TagClass.osType)] {
                for reference in world.legacyClaims(tag: tag, ofClass: tagClass) {
                    matches.append(ClaimMatch(reference: reference, kind: .wildcard, distance: dataDistance, source: .legacyWildcard(tag: tag)))
                }
            }
        }

        return rank(matches, type: type, query: query)
    }

    /// Keeps each app's best match — handler or refused — comparing plain numbers; the reason
    /// strings and conformance paths are made afterwards, for the survivors only.
    private func rank(_ matches: [ClaimMatch], type: DocumentType, query: Query) -> Resolution {
        var best: [Int: (match: Int, key: MatchKey)] = [:]
        var excluded: [Int: (match: Int, key: MatchKey, refusal: Refusal)] = [:]
        for (m, match) in matches.enumerated() {
            guard world.platform.includes(world.apps[match.reference.app].platform) else { continue }
            let rank = world.apps[match.reference.app].claims[match.reference.claim].rank
            let role = world.apps[match.reference.app].claims[match.reference.claim].role
            let key = MatchKey(match.kind, match.distance, rank)
            let refusal: Refusal? = !role.isHandler ? .notHandler : rank == .none ? .rankNone
                : !query.role.accepts(role) ? .role : nil
            if let refusal {
                if let existing = excluded[match.reference.app], existing.key <= key { continue }
                excluded[match.reference.app] = (m, key, refusal)
                continue
            }
            if let existing = best[match.reference.app], existing.key <= key { continue }
            best[match.reference.app] = (m, key)
        }
        // Sort keys carry the bundle id so comparisons touch neither the world nor self.
        let apps = world.apps
        let handlerOrder = best.map { (key: $0.value.key, id: apps[$0.key].bundleID, match: $0.value.match) }
            .sorted { $0.key != $1.key ? $0.key < $1.key : $0.id < $1.id }
        let handlers = handlerOrder.map { candidate(for: matches[$0.match], type: type) }
        var exclusions: [Exclusion] = []
        if !excluded.isEmpty {
            let exclusionOrder = excluded.filter { best[$0.key] == nil }
                .map { (key: $0.value.key, id: apps[$0.key].bundleID, match: $0.value.match, refusal: $0.value.refusal) }
                .sorted { $0.key != $1.key ? $0.key < $1.key : $0.id < $1.id }
            exclusions = exclusionOrder.map { exclusion(for: matches[$0.match], refusal: $0.refusal, type: type, query: query) }
        }
        return Resolution(query: query, type: type, handlers: handlers, excluded: exclusions, defaultHandler: nil,
                          previewable: QuickLook.isPreviewable(type, previewable: world.previewable), notes: [])
    }

    /// The claimed identifier (or legacy tag), the conformance path and how the claim matched.
    private func explain(_ match: ClaimMatch, type: DocumentType) -> (claimed: String, path: [String], how: CandidateExplanation.How) {
        let graph = world.graph
        switch match.source {
        case .contentType(let a, let position):
            let ancestor = type.ancestors[Int(a)]
            let claimed = graph.identifier(ancestor.id)
            let path = type.path(to: ancestor.id, in: graph)
            let at = world.apps[match.reference.app].claims[match.reference.claim].contentTypes[Int(position)].location
            switch match.kind {
            case .exact: return (claimed, path, .exact(claimed: claimed, at: at))
            case .wildcard: return (claimed, path, .wildcard(claimed: claimed, at: at, path: path))
            default: return (claimed, path, .conforms(claimed: claimed, at: at, path: path, distance: ancestor.distance))
            }
        case .legacy(let tagClass, let tag):
            let key = tagClass == TagClass.filenameExtension ? "CFBundleTypeExtensions" : tagClass == TagClass.mimeType ? "CFBundleTypeMIMETypes" : "CFBundleTypeOSTypes"
            return (tag, [type.identifier], .legacy(key: key, tag: tag))
        case .legacyWildcard(let tag):
            return (tag, dataType.map { type.path(to: $0, in: graph) } ?? [], .legacyWildcard(tag: tag))
        }
    }

    private func candidate(for match: ClaimMatch, type: DocumentType) -> Candidate {
        let app = match.reference.app, c = match.reference.claim
        let rank = world.apps[app].claims[c].rank, role = world.apps[app].claims[c].role
        let (claimed, path, how) = explain(match, type: type)
        let explanation = CandidateExplanation(how: how, rank: rank, rankMissing: world.apps[app].claims[c].declaredRank == nil,
                                               role: role, roleMissing: world.apps[app].claims[c].declaredRole == nil)
        return Candidate(
            bundleID: world.apps[app].bundleID, appName: world.apps[app].name, rank: rank, role: role, match: match.kind,
            distance: match.distance, claim: world.apps[app].claims[c].location, claimedType: claimed, path: path, explanation: explanation)
    }

    private func exclusion(for match: ClaimMatch, refusal: Refusal, type: DocumentType, query: Query) -> Exclusion {
        let claim = world.apps[match.reference.app].claims[match.reference.claim]
        let bundleID = world.apps[match.reference.app].bundleID
        let (claimed, path, _) = explain(match, type: type)
        let reason = switch refusal {
        case .notHandler: "CFBundleTypeRole \(claim.role.rawValue) is a plug-in or informational claim, never a handler"
        case .rankNone: "LSHandlerRank None: never chosen to open the type"
        case .role: "role \(claim.role.rawValue) does not satisfy the \(query.role.rawValue) role"
        }
        return Exclusion(bundleID: bundleID, reason: reason, claim: claim.location, rank: claim.rank, role: claim.role,
                         match: match.kind, distance: match.distance, claimedType: claimed, path: path)
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
