/// How the handlers of a document are ordered — the specification, in one place.
///
/// Every claim that matches the document gets a `HandlerOrder`. **Each app takes part once, with
/// its least claim** (ties: the claim met first). **Apps are then listed least first**; refused
/// claims (wrong role, rank `None`, a macOS app for a type macOS cannot bind) come after every
/// handler and become the exclusions. The fields, compared in this order:
///
/// 1. `refused`: handlers before refusals.
/// 2. `kind`: how the claim matched — the document's own type, then a legacy extension, MIME
///    or OSType key, then a supertype, then a wildcard (`MatchKind.specificity`).
/// 3. `distance`: conformance steps from the document's type to the claimed one; nearer first.
/// 4. `rank`: `LSHandlerRank`, Owner before Default before Alternate.
/// 5. `bundleIDPlace`: the app's place in the world's bundle identifiers sorted by code point
///    (only between apps: the choice of an app's best claim stops at `rank`).
///
/// Sources, and which steps are guesses (legacy before supertypes, wildcards last, the bundle-id
/// tie-break): `docs/evidence.md` §8. The user's default and rule overrides are applied after
/// this order (`Resolver.applyUserDefault`).
///
/// The resolver does not compare these structs: `RankEntry` packs the same fields into 64-bit
/// words and sorts integers. `HandlerOrderTests` checks, on seeded random worlds, that
/// `HandlerOrder.rank` and the packed ranking give the same list.
public struct HandlerOrder: Comparable, Hashable, Sendable {
    public var refused: Bool
    public var kind: MatchKind
    public var distance: Int
    public var rank: HandlerRank
    public var bundleIDPlace: Int

    public init(refused: Bool, kind: MatchKind, distance: Int, rank: HandlerRank, bundleIDPlace: Int) {
        self.refused = refused
        self.kind = kind
        self.distance = distance
        self.rank = rank
        self.bundleIDPlace = bundleIDPlace
    }

    /// How good a claim is for its app, without the app's bundle id: steps 1 to 4.
    public var claimKey: [Int] { [refused ? 1 : 0, kind.specificity, distance, rank.order] }

    public static func < (a: HandlerOrder, b: HandlerOrder) -> Bool {
        a.claimKey.lexicographicallyPrecedes(b.claimKey)
            || (a.claimKey == b.claimKey && a.bundleIDPlace < b.bundleIDPlace)
    }

    /// One matching claim: its app and its order.
    public struct Claim: Sendable {
        public var app: Int
        public var order: HandlerOrder

        public init(app: Int, order: HandlerOrder) {
            self.app = app
            self.order = order
        }
    }

    /// The specification as a function: for claims in the order they were met, the positions of
    /// the claims that are listed — each app's least claim (the first met among equals), least
    /// first.
    public static func rank(_ claims: [Claim]) -> [Int] {
        var best: [Int: Int] = [:]
        for (position, claim) in claims.enumerated() {
            if let kept = best[claim.app], !claim.order.claimKey.lexicographicallyPrecedes(claims[kept].order.claimKey)
            {
                continue
            }
            best[claim.app] = position
        }
        return best.values.sorted { claims[$0].order < claims[$1].order }
    }
}
