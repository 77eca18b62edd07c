/// The facts behind a candidate's reasons, kept so the sentences are written only when someone
/// reads them: most resolutions (checks, policies, the benchmark's mix) never print reasons,
/// and writing them was most of the cost of a resolve.
struct CandidateExplanation: Sendable {
    enum How: Sendable {
        case exact(claimed: String, at: SourceLocation)
        case wildcard(claimed: String, at: SourceLocation, path: [String])
        case conforms(claimed: String, at: SourceLocation, path: [String], distance: Int)
        case legacy(key: String, tag: String)
        case legacyWildcard(tag: String)
    }

    var how: How
    var rank: HandlerRank
    var rankMissing: Bool
    var role: HandlerRole
    var roleMissing: Bool

    /// The reasons exactly as the resolver has always written them.
    func reasons() -> [String] {
        let first =
            switch how {
            case .exact(let claimed, let at): "claims \(claimed) exactly (\(at))"
            case .wildcard(let claimed, let at, let path):
                "wildcard claim on \(claimed) (\(at)); \(path.joined(separator: " → "))"
            case .conforms(let claimed, let at, let path, let distance):
                "claims \(claimed) (\(at)); \(path.joined(separator: " → ")) (distance \(distance))"
            case .legacy(let key, let tag): "legacy \(key) lists '\(tag)'"
            case .legacyWildcard(let tag): "legacy wildcard '\(tag)' (any document conforming to public.data)"
            }
        return [
            first,
            "LSHandlerRank \(rank.rawValue)\(rankMissing ? " (missing, counts as Default)" : ""), role \(role.rawValue)\(roleMissing ? " (missing, counts as Viewer)" : "")",
        ]
    }
}
