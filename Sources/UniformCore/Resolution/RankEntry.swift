/// Ranking over plain integers: each match packed into one word.
///
/// Grouping word, to keep each app's best match — handlers before refusals, best key first,
/// ties in the order met: `app (24 bits) | refused (1) | key (16) | match (23)`. Ordering word,
/// to sort the survivors — handlers first, then by key, bundle id (its place in bundle-id order)
/// and match: `refused (1) | key (16) | bundle-id place (24) | match (23)`.
enum RankEntry {
    /// The limits of the packing; the resolver refuses worlds and queries beyond them.
    static let maximumApps = 1 << 24
    static let maximumMatches = 1 << 23
    private static let matchMask: UInt64 = (1 << 23) - 1
    private static let empty = UInt64.max

    static func grouping(app: Int, refused: Bool, key: MatchKey, match: Int) -> UInt64 {
        UInt64(app) << 40 | (refused ? 1 : 0) << 39 | UInt64(key.compact) << 23 | UInt64(match)
    }

    static func app(_ word: UInt64) -> Int { Int(word >> 40) }
    static func isRefused(_ ordering: UInt64) -> Bool { ordering >> 63 == 1 }
    static func match(_ word: UInt64) -> Int { Int(word & matchMask) }

    /// The ordering word for a grouping word.
    static func ordering(_ grouping: UInt64, bundleIDPlace: Int32) -> UInt64 {
        (grouping >> 23 & 0x1FFFF) << 47 | UInt64(bundleIDPlace) << 23 | (grouping & matchMask)
    }

    /// The least grouping word of each app, in no particular order, as `ordering` maps it: one
    /// pass over a small open-addressed table keyed by app, instead of sorting every match.
    static func bestOfEachApp(count: Int, ordering: (UInt64) -> UInt64, _ words: (_ emit: (UInt64) -> Void) -> Void) -> [UInt64] {
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { slots in
            slots.initialize(repeating: empty)
            let mask = capacity - 1
            // Fibonacci hashing: the product's high bits, which depend on every bit of the app.
            let shift = UInt64(64 - capacity.trailingZeroBitCount)
            var used = 0
            words { word in
                var i = Int(truncatingIfNeeded: (UInt64(app(word)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while true {
                    let slot = slots[i]
                    if slot == empty {
                        slots[i] = word
                        used += 1
                        return
                    }
                    if app(slot) == app(word) {
                        if word < slot { slots[i] = word }
                        return
                    }
                    i = (i + 1) & mask
                }
            }
            var best: [UInt64] = []
            best.reserveCapacity(used)
            for slot in slots where slot != empty { best.append(ordering(slot)) }
            return best
        }
    }
}
