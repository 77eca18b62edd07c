/// An app's document-type entry naming a type or a legacy tag, for claim maps.
public struct ClaimingApp: Sendable, Hashable {
    public var bundleID: String
    public var rank: HandlerRank
    public var role: HandlerRole
    /// What the entry names: the identifier, or the legacy tag.
    public var claimedAs: String
    public var location: SourceLocation

    public init(world: World, reference: ClaimReference, claimedAs: String) {
        let claim = world.claim(reference)
        bundleID = world.apps[reference.app].bundleID
        rank = claim.rank
        role = claim.role
        self.claimedAs = claimedAs
        location = claim.location
    }
}
