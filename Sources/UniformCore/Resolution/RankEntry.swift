/// Ranking's two sorts, each over plain integers: a match packed into one word so that sorting
/// compares numbers only.
///
/// The first sort groups each app's matches — handlers before refusals, best key first, ties
/// in the order met: `app (24 bits) | refused (1) | key (16) | match (23)`. The second orders
/// the survivors by key, then bundle id (its place in bundle-id order), then match:
/// `key (16) | bundle-id place (24) | match (23)`.
enum RankEntry {
    /// The limits of the packing; worlds and queries beyond them take the general path.
    static let maximumApps = 1 << 24
    static let maximumMatches = 1 << 23
    private static let matchMask: UInt64 = (1 << 23) - 1

    static func grouping(app: Int, refused: Bool, key: MatchKey, match: Int) -> UInt64 {
        UInt64(app) << 40 | (refused ? 1 : 0) << 39 | UInt64(key.compact) << 23 | UInt64(match)
    }

    static func app(_ word: UInt64) -> UInt64 { word >> 40 }
    static func isRefused(_ word: UInt64) -> Bool { word >> 39 & 1 == 1 }
    static func match(_ word: UInt64) -> Int { Int(word & matchMask) }

    /// The second sort's word for a first sort's survivor.
    static func ordering(_ grouping: UInt64, bundleIDPlace: Int32) -> UInt64 {
        (grouping >> 23 & 0xFFFF) << 47 | UInt64(bundleIDPlace) << 23 | (grouping & matchMask)
    }
}
