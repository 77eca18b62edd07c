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

    var reference: ClaimReference
    var kind: MatchKind
    var distance: Int32
    var source: Source
}
