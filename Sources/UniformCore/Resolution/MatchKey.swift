/// How good a match is — specificity, then distance, then rank; lower is better. Ties keep the
/// match met first, exactly as the resolver always has.
struct MatchKey: Comparable {
    var specificity: Int
    var distance: Int
    var rank: Int

    init(_ kind: MatchKind, _ distance: Int, _ rank: HandlerRank) {
        specificity = kind.specificity
        self.distance = distance
        self.rank = rank.order
    }

    static func < (a: MatchKey, b: MatchKey) -> Bool {
        (a.specificity, a.distance, a.rank) < (b.specificity, b.distance, b.rank)
    }
}
