/// LaunchServices-style handler resolution (SPEC §3), explained.
public struct Resolver {
    public let world: World
    public var stages: [any ResolutionStage]
    private let previewable: Set<TypeID>
    private let dataType: TypeID?

    public init(world: World, stages: [any ResolutionStage] = []) {
        self.world = world
        self.stages = stages
        self.previewable = QuickLook.previewableIDs(in: world.graph)
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

    private struct Match {
        var reference: ClaimReference
        var kind: MatchKind
        var distance: Int
        var claimedType: String
        var path: [String]
        var reason: String
    }

    func gatherCandidates(for type: DocumentType, query: Query) -> Resolution {
        let graph = world.graph
        var matches: [Match] = []

        // LSItemContentTypes naming the type or one of its supertypes.
        for ancestor in type.ancestors {
            let own = ancestor.distance == 0 && ancestor.id == type.id
            for reference in world.claims(of: ancestor.id) {
                let claimed = graph.identifier(ancestor.id)
                let path = type.path(to: ancestor.id, in: graph)
                let location = world.claim(reference).contentTypes.first { $0.value.caseInsensitiveCompare(claimed) == .orderedSame }?.location
                let at = location.map { " (\($0))" } ?? ""
                if own {
                    matches.append(Match(reference: reference, kind: .exact, distance: 0, claimedType: claimed, path: path,
                                         reason: "claims \(claimed) exactly\(at)"))
                } else if graph.isWildcard(ancestor.id) {
                    matches.append(Match(reference: reference, kind: .wildcard, distance: ancestor.distance, claimedType: claimed, path: path,
                                         reason: "wildcard claim on \(claimed)\(at); \(path.joined(separator: " → "))"))
                } else {
                    matches.append(Match(reference: reference, kind: .conforms, distance: ancestor.distance, claimedType: claimed, path: path,
                                         reason: "claims \(claimed)\(at); \(path.joined(separator: " → ")) (distance \(ancestor.distance))"))
                }
            }
        }

        // Legacy keys, only in entries without LSItemContentTypes: the query's own tag and the
        // resolved type's own tags (never a supertype's).
        var legacyTags: [(String, String)] = []
        if let tag = query.target.tag { legacyTags.append(tag) }
        if let id = type.id, let declaration = graph.declaration(id) {
            for list in declaration.tags where [TagClass.filenameExtension, TagClass.mimeType, TagClass.osType].contains(list.tagClass) {
                for tag in list.tags { legacyTags.append((list.tagClass, tag)) }
            }
        }
        var seenLegacy = Set<String>()
        for (tagClass, tag) in legacyTags {
            let normalised = TypeGraph.normalise(tag, ofClass: tagClass)
            guard seenLegacy.insert("\(tagClass)=\(normalised)").inserted else { continue }
            for reference in world.legacyClaims(tag: tag, ofClass: tagClass) {
                let key = tagClass == TagClass.filenameExtension ? "CFBundleTypeExtensions" : tagClass == TagClass.mimeType ? "CFBundleTypeMIMETypes" : "CFBundleTypeOSTypes"
                matches.append(Match(reference: reference, kind: .legacy, distance: 0, claimedType: tag, path: [type.identifier],
                                     reason: "legacy \(key) lists '\(tag)'"))
            }
        }

        // Legacy wildcards `*` / `****`: any document conforming to public.data.
        if let data = dataType, let dataDistance = type.distance(to: data) {
            for (tag, tagClass) in [("*", TagClass.filenameExtension), ("****", TagClass.osType)] {
                for reference in world.legacyClaims(tag: tag, ofClass: tagClass) {
                    matches.append(Match(reference: reference, kind: .wildcard, distance: dataDistance, claimedType: tag,
                                         path: type.path(to: data, in: graph), reason: "legacy wildcard '\(tag)' (any document conforming to public.data)"))
                }
            }
        }

        return rank(matches, type: type, query: query)
    }

    private func rank(_ matches: [Match], type: DocumentType, query: Query) -> Resolution {
        var best: [Int: Candidate] = [:]
        var excluded: [Int: Exclusion] = [:]
        func key(_ kind: MatchKind, _ distance: Int, _ rank: HandlerRank) -> (Int, Int, Int) {
            (kind.specificity, distance, rank.order)
        }
        for match in matches {
            let app = world.apps[match.reference.app]
            guard world.platform.includes(app.platform) else { continue }
            let claim = app.claims[match.reference.claim]
            var refusal: String?
            if !claim.role.isHandler {
                refusal = "CFBundleTypeRole \(claim.role.rawValue) is a plug-in or informational claim, never a handler"
            } else if claim.rank == .none {
                refusal = "LSHandlerRank None: never chosen to open the type"
            } else if !query.role.accepts(claim.role) {
                refusal = "role \(claim.role.rawValue) does not satisfy the \(query.role.rawValue) role"
            }
            if let refusal {
                let candidate = Exclusion(bundleID: app.bundleID, reason: refusal, claim: claim.location, rank: claim.rank, role: claim.role,
                                          match: match.kind, distance: match.distance, claimedType: match.claimedType, path: match.path)
                if let existing = excluded[match.reference.app],
                   key(existing.match, existing.distance, existing.rank) <= key(candidate.match, candidate.distance, candidate.rank) {
                    continue
                }
                excluded[match.reference.app] = candidate
                continue
            }
            let candidate = Candidate(
                bundleID: app.bundleID, appName: app.name, rank: claim.rank, role: claim.role, match: match.kind,
                distance: match.distance, claim: claim.location, claimedType: match.claimedType, path: match.path,
                reasons: [match.reason, "LSHandlerRank \(claim.rank.rawValue)\(claim.declaredRank == nil ? " (missing, counts as Default)" : ""), role \(claim.role.rawValue)\(claim.declaredRole == nil ? " (missing, counts as Viewer)" : "")"])
            if let existing = best[match.reference.app],
               key(existing.match, existing.distance, existing.rank) <= key(candidate.match, candidate.distance, candidate.rank) {
                continue
            }
            best[match.reference.app] = candidate
        }
        let handlers = best.values.sorted {
            let a = key($0.match, $0.distance, $0.rank), b = key($1.match, $1.distance, $1.rank)
            return a != b ? a < b : $0.bundleID < $1.bundleID
        }
        let exclusions = excluded.filter { best[$0.key] == nil }.values.sorted {
            let a = key($0.match, $0.distance, $0.rank), b = key($1.match, $1.distance, $1.rank)
            return a != b ? a < b : $0.bundleID < $1.bundleID
        }
        return Resolution(query: query, type: type, handlers: handlers, excluded: exclusions, defaultHandler: nil,
                          previewable: QuickLook.isPreviewable(type, previewable: previewable), notes: [])
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
