/// A match as ranking sorts it: app, refused-or-not and key packed in one word, so that the
/// sort compares integers and groups each app's matches, handlers first, best first.
struct RankEntry {
    let order: UInt64
    /// Index of the match: ties keep the match met first.
    let match: Int32
    let refusal: Refusal?

    init(app: Int, refused: Bool, key: MatchKey, match: Int32, refusal: Refusal?) {
        order = UInt64(app) << 33 | (refused ? 1 : 0) << 32 | UInt64(key.packed)
        self.match = match
        self.refusal = refusal
    }
}
