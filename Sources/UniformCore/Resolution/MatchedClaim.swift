/// One claim that matched a query, as numbers and a shared context; everything a report says
/// about it is derived on demand.
struct MatchedClaim: Sendable {
    let context: MatchContext
    let match: ClaimMatch

    private var app: Manifest { context.world.apps[match.reference.app] }
    private var entry: DocumentClaim { context.world.apps[match.reference.app].claims[match.reference.claim] }

    var bundleID: String { context.world.index.bundleIDs[match.reference.app] }
    var appName: String? { app.name }
    var rank: HandlerRank { context.world.index.facts(of: match.reference).rank }
    var role: HandlerRole { context.world.index.facts(of: match.reference).role }
    var claimLocation: SourceLocation { entry.location }
    var kind: MatchKind { match.kind }
    var distance: Int { Int(match.distance) }

    /// The identifier (or legacy tag) the claim named.
    var claimedType: String {
        switch match.source {
        case .contentType(let a, _): context.world.graph.identifier(context.type.ancestors[Int(a)].id)
        case .legacy(let t): context.legacyTags[Int(t)].tag
        case .legacyWildcard(let osType): osType ? "****" : "*"
        }
    }

    /// The conformance path from the document's type to what the claim named.
    var path: [String] {
        let type = context.type
        switch match.source {
        case .contentType(let a, _): return type.path(to: type.ancestors[Int(a)].id, in: context.world.graph)
        case .legacy: return [type.identifier]
        case .legacyWildcard: return context.dataType.map { type.path(to: $0, in: context.world.graph) } ?? []
        }
    }

    var explanation: CandidateExplanation {
        let how: CandidateExplanation.How
        switch match.source {
        case .contentType(_, let position):
            let claimed = claimedType, at = entry.contentTypes[Int(position)].location
            switch match.kind {
            case .exact: how = .exact(claimed: claimed, at: at)
            case .wildcard: how = .wildcard(claimed: claimed, at: at, path: path)
            default: how = .conforms(claimed: claimed, at: at, path: path, distance: distance)
            }
        case .legacy(let t):
            let (tagClass, tag) = context.legacyTags[Int(t)]
            let key =
                tagClass == TagClass.filenameExtension
                ? "CFBundleTypeExtensions"
                : tagClass == TagClass.mimeType ? "CFBundleTypeMIMETypes" : "CFBundleTypeOSTypes"
            how = .legacy(key: key, tag: tag)
        case .legacyWildcard:
            how = .legacyWildcard(tag: claimedType)
        }
        let entry = entry
        return CandidateExplanation(
            how: how, rank: entry.rank, rankMissing: entry.declaredRank == nil,
            role: entry.role, roleMissing: entry.declaredRole == nil)
    }

    /// Why the claim does not make its app a handler, as reports say it.
    func sentence(for refusal: Refusal, query: RoleQuery) -> String {
        let role = entry.role
        return switch refusal {
        case .notHandler: "CFBundleTypeRole \(role.rawValue) is a plug-in or informational claim, never a handler"
        case .rankNone: "LSHandlerRank None: never chosen to open the type"
        case .role: "role \(role.rawValue) does not satisfy the \(query.rawValue) role"
        case .unbindableOnMac:
            "a macOS app: macOS binds documents only to types conforming to public.data or com.apple.package, and this type conforms to neither"
        }
    }
}
