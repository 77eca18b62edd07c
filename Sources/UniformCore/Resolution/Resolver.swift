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
                matches.append(ClaimMatch(reference: claim.reference, kind: kind, distance: own ? 0 : Int32(ancestor.distance),
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
                    matches.append(ClaimMatch(reference: reference, kind: .wildcard, distance: Int32(dataDistance), source: .legacyWildcard(tag: tag)))
                }
            }
        }

        return rank(matches, type: type, query: query)
    }

    /// Keeps each app's best match — handler or refused — comparing packed numbers; strings are
    /// read only when a report or a rule asks (see `MatchedClaim`).
    private func rank(_ matches: [ClaimMatch], type: DocumentType, query: Query) -> Resolution {
        let apps = world.apps
        // One entry per match: the app and the packed key in one word, so that sorting puts each
        // app's matches together, best first, and ties keep the match met first (`m`).
        var entries: [(order: UInt64, m: Int32, refusal: Refusal?)] = []
        entries.reserveCapacity(matches.count)
        let everyPlatform = world.platform == .all
        for (m, match) in matches.enumerated() {
            let app = apps[match.reference.app]
            guard everyPlatform || world.platform.includes(app.platform) else { continue }
            let claim = app.claims[match.reference.claim]
            let key = MatchKey(match.kind, match.distance, claim.rank)
            let refusal: Refusal? = !claim.role.isHandler ? .notHandler : claim.rank == .none ? .rankNone
                : !query.role.accepts(claim.role) ? .role : nil
            // Handlers sort before refusals of the same app: an app with any handler claim is a
            // handler, and its refused claims are not reported.
            let refused: UInt64 = refusal == nil ? 0 : 1
            entries.append((UInt64(match.reference.app) << 33 | refused << 32 | UInt64(key.packed), Int32(m), refusal))
        }
        entries.sort { $0.order != $1.order ? $0.order < $1.order : $0.m < $1.m }

        var handlers: [(key: UInt32, m: Int32)] = []
        var refused: [(key: UInt32, m: Int32, refusal: Refusal)] = []
        var previousApp = UInt64.max
        for entry in entries {
            let app = entry.order >> 33
            guard app != previousApp else { continue }
            previousApp = app
            let key = UInt32(truncatingIfNeeded: entry.order)
            if let refusal = entry.refusal { refused.append((key, entry.m, refusal)) } else { handlers.append((key, entry.m)) }
        }
        func bundleID(_ m: Int32) -> String { apps[matches[Int(m)].reference.app].bundleID }
        handlers.sort { $0.key != $1.key ? $0.key < $1.key : bundleID($0.m) < bundleID($1.m) }
        refused.sort { $0.key != $1.key ? $0.key < $1.key : bundleID($0.m) < bundleID($1.m) }

        let context = MatchContext(world: world, type: type, dataType: dataType)
        return Resolution(
            query: query, type: type,
            handlers: handlers.map { Candidate(MatchedClaim(context: context, match: matches[Int($0.m)])) },
            excluded: refused.map { Exclusion(MatchedClaim(context: context, match: matches[Int($0.m)]), refusal: $0.refusal, query: query.role) },
            defaultHandler: nil,
            previewable: QuickLook.isPreviewable(type, previewable: world.previewable), notes: [])
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
