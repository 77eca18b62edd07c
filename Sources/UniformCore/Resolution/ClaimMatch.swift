/// A claim that matched a query, before ranking: numbers and a pointer to what matched, so
/// that the many matches that lose (to a better claim of the same app) cost no strings; a
/// plain value, so copying one costs no reference counting.
struct ClaimMatch: Sendable {
    /// What the claim named.
    enum Source: Sendable {
        /// `LSItemContentTypes`: the index of the type's ancestor, and of the naming entry.
        case contentType(ancestor: Int32, position: Int32)
        /// A legacy extension/MIME/OSType key: the index of the tag in `MatchContext.legacyTags`.
        case legacy(tag: Int32)
        /// A legacy `*` (extension) or `****` (OSType).
        case legacyWildcard(osType: Bool)
    }

    /// The claim, as two 32-bit indexes: a match is 24 bytes, so a query's few dozen fit in
    /// one small allocation.
    private let app: Int32, claim: Int32
    var kind: MatchKind
    var distance: Int32
    var source: Source

    var reference: ClaimReference { ClaimReference(app: Int(app), claim: Int(claim)) }

    init(reference: ClaimReference, kind: MatchKind, distance: Int32, source: Source) {
        app = Int32(truncatingIfNeeded: reference.app)
        claim = Int32(truncatingIfNeeded: reference.claim)
        self.kind = kind
        self.distance = distance
        self.source = source
    }
}
