/// Ranking over plain integers: `HandlerOrder`, the specification, packed into one word per
/// match. The resolver inserts each match's grouping word into a table (`withTable`, `insert`)
/// and reads the survivors back as sorted ordering words (`sortedOrdering` with `ordering`);
/// `HandlerOrderTests` runs the same steps on seeded random claims and checks that they give
/// `HandlerOrder.rank`'s order. (The steps stay inline in the resolver: passing its loop as a
/// closure cost 8–10% of a resolve, measured.)
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

    /// The table that keeps each app's least grouping word, in a temporary buffer. With few
    /// apps (no more than twice the matches) a slot per app, indexed by app; otherwise an
    /// open-addressed table keyed by app, of at least twice as many slots as matches. Either way
    /// the buffer holds at least twice as many words as there can be survivors: they are later
    /// compacted to its front and sorted with the rest as scratch space.
    struct Table {
        fileprivate let slots: UnsafeMutableBufferPointer<UInt64>
        /// Slots in use by the table: the apps when indexed by app, else all.
        fileprivate let used: Int
        fileprivate let direct: Bool
        fileprivate let mask: Int
        fileprivate let shift: UInt64

        fileprivate init(slots: UnsafeMutableBufferPointer<UInt64>, direct: Bool, apps: Int) {
            self.slots = slots
            self.direct = direct
            used = direct ? apps : slots.count
            mask = slots.count - 1
            shift = UInt64(64 - slots.count.trailingZeroBitCount)
            UnsafeMutableBufferPointer(rebasing: slots[0..<used]).initialize(repeating: RankEntry.empty)
        }

        /// Keeps `word` if it is the least seen for its app.
        @inline(__always)
        func insert(_ word: UInt64) {
            let app = RankEntry.app(word)
            if direct {
                if word < slots[app] { slots[app] = word }
                return
            }
            // Fibonacci hashing: the product's high bits, which depend on every bit of the app.
            var i = Int(truncatingIfNeeded: (UInt64(app) &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while true {
                let slot = slots[i]
                if slot == RankEntry.empty {
                    slots[i] = word
                    return
                }
                if RankEntry.app(slot) == app {
                    if word < slot { slots[i] = word }
                    return
                }
                i = (i + 1) & mask
            }
        }

        /// Each app's least grouping word, as `ordering` maps it, in ascending order. Valid only
        /// inside `withTable`; the table is spent.
        @inline(__always)
        func sortedOrdering(_ ordering: (UInt64) -> UInt64) -> UnsafeBufferPointer<UInt64> {
            var n = 0
            for i in 0..<used {
                let slot = slots[i]
                // n ≤ i: the compacted front never overtakes the slots still to be read.
                if slot != RankEntry.empty {
                    slots[n] = ordering(slot)
                    n += 1
                }
            }
            let words = UnsafeMutableBufferPointer(rebasing: slots[0..<n])
            RankEntry.sort(words, scratch: UnsafeMutableBufferPointer(rebasing: slots[n..<(2 * n)]))
            return UnsafeBufferPointer(words)
        }
    }

    /// Runs `body` with an empty table for `count` matches of a world of `apps` apps.
    static func withTable<R>(count: Int, apps: Int, _ body: (inout Table) throws -> R) rethrows -> R {
        // Survivors are at most min(count, apps): the buffer holds twice that, and the table.
        if apps <= 2 * count {
            return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(apps, 2 * min(count, apps), 1)) {
                slots in
                var table = Table(slots: slots, direct: true, apps: apps)
                return try body(&table)
            }
        }
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { slots in
            var table = Table(slots: slots, direct: false, apps: apps)
            return try body(&table)
        }
    }

    /// Sorts ordering words. Only bits 23… decide — the match index never does, as each app
    /// appears once and its bundle-id place is its own — so a long list takes a radix sort over
    /// the bytes of those bits that differ at all (a few passes), a short one an insertion sort.
    static func sort(_ words: UnsafeMutableBufferPointer<UInt64>, scratch: UnsafeMutableBufferPointer<UInt64>) {
        let n = words.count
        guard n > 1 else { return }
        if n <= 48 {
            for i in 1..<n {
                let word = words[i]
                var j = i
                while j > 0 && words[j - 1] > word {
                    words[j] = words[j - 1]
                    j -= 1
                }
                words[j] = word
            }
            return
        }
        var differing: UInt64 = 0
        let first = words[0]
        for word in words { differing |= word ^ first }
        var source = words, target = scratch
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { counts in
            for shift in stride(from: 23, to: 64, by: 8) where (differing >> UInt64(shift)) & 0xFF != 0 {
                counts.initialize(repeating: 0)
                for word in source { counts[Int(truncatingIfNeeded: word >> UInt64(shift)) & 0xFF] &+= 1 }
                var total: UInt32 = 0
                for digit in 0..<256 {
                    let c = counts[digit]
                    counts[digit] = total
                    total &+= c
                }
                for word in source {
                    let digit = Int(truncatingIfNeeded: word >> UInt64(shift)) & 0xFF
                    target[Int(counts[digit])] = word
                    counts[digit] &+= 1
                }
                swap(&source, &target)
            }
        }
        if source.baseAddress != words.baseAddress {
            _ = words.update(fromContentsOf: source)
        }
    }
}
