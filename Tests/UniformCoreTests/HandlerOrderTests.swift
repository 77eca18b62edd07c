import XCTest

@testable import UniformCore

/// `HandlerOrder` is the specification of handler order; `RankEntry` is its packed form, which
/// the resolver runs. On seeded random claims — few apps and many, small and deep distances,
/// every kind, rank and refusal, lists short enough for the insertion sort and long enough for
/// the radix sort — both must list the same claims in the same order.
final class HandlerOrderTests: XCTestCase {
    func testThePackedRankingAgreesWithTheSpecification() {
        var random = SplitMix64(state: 0x5EED_0F_0DE5)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let ranks: [HandlerRank] = [.owner, .default, .alternate, .none]
        for round in 0..<1500 {
            let apps = 1 + (round % 3 == 0 ? below(400) : below(12))
            let count = round % 5 == 0 ? below(900) : below(40)
            let places = Array(0..<apps).map(Int32.init).shuffled(using: &random)
            let claims = (0..<count).map { _ -> HandlerOrder.Claim in
                let app = below(apps)
                // Mostly shallow distances, so that ties reach the rank and the bundle id.
                let distance = below(8) == 0 ? below(4000) : below(3)
                return HandlerOrder.Claim(
                    app: app,
                    order: HandlerOrder(
                        refused: below(4) == 0, kind: MatchKind.allCases[below(4)], distance: distance,
                        rank: ranks[below(4)], bundleIDPlace: Int(places[app])))
            }
            let specification = HandlerOrder.rank(claims)
            // The resolver's steps (Resolver.rank): insert each grouping word, read the survivors
            // back as sorted ordering words.
            let packed = RankEntry.withTable(count: claims.count, apps: apps) { table -> [Int] in
                for (m, claim) in claims.enumerated() {
                    let key = MatchKey(claim.order.kind, Int32(claim.order.distance), claim.order.rank)
                    table.insert(RankEntry.grouping(app: claim.app, refused: claim.order.refused, key: key, match: m))
                }
                let order = places.withUnsafeBufferPointer { places in
                    table.sortedOrdering { RankEntry.ordering($0, bundleIDPlace: places[RankEntry.app($0)]) }
                }
                return order.map(RankEntry.match)
            }
            XCTAssertEqual(packed, specification, "round \(round): \(apps) apps, \(count) claims")
            if packed != specification { return }
        }
    }

    func testTheFieldsDecideInTheirOrder() {
        func order(
            refused: Bool = false, _ kind: MatchKind = .exact, _ distance: Int = 0, _ rank: HandlerRank = .default,
            place: Int = 0
        ) -> HandlerOrder {
            HandlerOrder(refused: refused, kind: kind, distance: distance, rank: rank, bundleIDPlace: place)
        }
        XCTAssertLessThan(
            order(.wildcard, 9, .alternate, place: 9), order(refused: true, place: 0), "handlers before refusals")
        XCTAssertLessThan(order(.exact, 5, .alternate), order(.legacy, 0, .owner), "kind before distance and rank")
        XCTAssertLessThan(order(.conforms, 1, .alternate), order(.conforms, 2, .owner), "distance before rank")
        XCTAssertLessThan(
            order(.conforms, 1, .owner, place: 9), order(.conforms, 1, .default, place: 0), "rank before bundle id")
        XCTAssertLessThan(order(place: 1), order(place: 2), "bundle id last")
    }

    func testAnAppIsListedOnceWithItsBestClaimTheFirstAmongEquals() {
        let claims = [
            HandlerOrder.Claim(
                app: 0,
                order: HandlerOrder(refused: false, kind: .conforms, distance: 2, rank: .owner, bundleIDPlace: 0)),
            HandlerOrder.Claim(
                app: 1,
                order: HandlerOrder(refused: false, kind: .conforms, distance: 1, rank: .default, bundleIDPlace: 1)),
            HandlerOrder.Claim(
                app: 0,
                order: HandlerOrder(refused: false, kind: .conforms, distance: 1, rank: .default, bundleIDPlace: 0)),
            HandlerOrder.Claim(
                app: 0,
                order: HandlerOrder(refused: false, kind: .conforms, distance: 1, rank: .default, bundleIDPlace: 0)),
        ]
        XCTAssertEqual(HandlerOrder.rank(claims), [2, 1])
    }

    /// The role test the resolver runs per match, as bits, says what `RoleQuery.accepts` says.
    func testTheRoleMaskIsRoleQueryAccepts() {
        for query in RoleQuery.allCases {
            for role in HandlerRole.allCases {
                XCTAssertEqual(query.acceptedRoles & role.bit != 0, query.accepts(role), "\(query) \(role)")
            }
        }
    }
}
