/// One app attached to the type node its claim names: a ranked handler or an excluded claim.
public struct GraphApp: Sendable, Hashable {
    public var bundleID: String
    public var name: String?
    public var rank: HandlerRank
    public var role: HandlerRole
    public var match: MatchKind
    public var distance: Int
    /// 1-based place among the handlers; `nil` for an excluded claim.
    public var position: Int?
    public var isDefault: Bool
    public var isUserDefault: Bool
    /// Why the claim does not make the app a handler; `nil` for a handler.
    public var exclusion: String?
    /// Index of the claimed node in `ConformanceGraph.nodes`.
    public var node: Int
    /// What the claim named: a type identifier, or a legacy tag (`pdb`, `*`).
    public var claimedType: String

    public var isExcluded: Bool { exclusion != nil }

    /// The name shown: the app's display name, else its bundle id.
    public var title: String { name ?? bundleID }

    /// How the claim matched, for the edge label: `exact`, `conforms, distance 1`, ….
    public var matchLabel: String {
        switch match {
        case .exact: "exact"
        case .legacy: "legacy '\(claimedType)'"
        case .conforms: "conforms, distance \(distance)"
        case .wildcard:
            (claimedType == "*" || claimedType == "****")
                ? "wildcard '\(claimedType)' (legacy)" : "wildcard, distance \(distance)"
        }
    }
}
