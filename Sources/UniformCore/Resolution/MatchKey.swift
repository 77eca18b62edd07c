/// Steps 2 to 4 of `HandlerOrder` — kind, then distance, then rank; lower is better — packed in
/// one integer so ranking compares numbers, not tuples.
struct MatchKey {
    let packed: UInt32

    init(_ kind: MatchKind, _ distance: Int32, _ rank: HandlerRank) {
        // Distances are graph depths (a few dozen at most); the clamp only guards the packing.
        let clamped = UInt32(min(max(distance, 0), 0xFFFFF))
        packed = UInt32(kind.specificity) << 28 | clamped << 8 | UInt32(rank.order)
    }

    /// The key in 16 bits — specificity (2), distance (12), rank (2) — for `RankEntry`; the
    /// same order, as conformance depths stay far below 4,096.
    var compact: UInt16 {
        let specificity = packed >> 28, distance = min(packed >> 8 & 0xFFFFF, 0xFFF), rank = packed & 0xFF
        return UInt16(specificity << 14 | distance << 2 | min(rank, 3))
    }
}
