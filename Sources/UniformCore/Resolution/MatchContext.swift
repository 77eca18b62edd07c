/// What every match of one resolution shares: the world it was answered in and the type the
/// target resolved to. Candidates and exclusions hold one reference to it and read their
/// strings (bundle id, claimed type, conformance path) only when asked — most resolutions
/// (checks, policies, the benchmark's mix) never read most of them, and copying them was most
/// of the cost of a resolve.
final class MatchContext: Sendable {
    let world: World
    let type: DocumentType
    /// `public.data`, the supertype a legacy `*`/`****` claim stands for.
    let dataType: TypeID?
    /// The legacy tags that matched, as `ClaimMatch.Source.legacy` numbers them.
    let legacyTags: [(tagClass: String, tag: String)]

    init(world: World, type: DocumentType, dataType: TypeID?, legacyTags: [(tagClass: String, tag: String)]) {
        self.world = world
        self.type = type
        self.dataType = dataType
        self.legacyTags = legacyTags
    }
}
