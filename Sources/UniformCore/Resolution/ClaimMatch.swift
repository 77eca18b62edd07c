/// A claim that matched a query, before ranking: numbers and a pointer to what matched, so
/// that the many matches that lose (to a better claim of the same app) cost no strings.
struct ClaimMatch: Sendable {
    /// What the claim named.
    enum Source: Sendable {
        /// `LSItemContentTypes`: the index of the type's ancestor, and of the naming entry.
        case contentType(ancestor: Int32, position: Int32)
        /// A legacy extension/MIME/OSType key.
        case legacy(tagClass: String, tag: String)
        /// A legacy `*` / `****`.
        case legacyWildcard(tag: String)
    }

    var reference: ClaimReference
    var kind: MatchKind
    var distance: Int32
    var source: Source
}
