/// How a claim matched a document, most specific first.
public enum MatchKind: String, Sendable, CaseIterable {
    /// `LSItemContentTypes` names the document's own type.
    case exact
    /// A legacy extension/MIME/OSType key (only in entries without `LSItemContentTypes`).
    case legacy
    /// `LSItemContentTypes` names a supertype (ordered by distance).
    case conforms
    /// A wildcard type (`public.data`, `public.item`, …) or a legacy `*`/`****`.
    case wildcard

    public var specificity: Int {
        switch self {
        case .exact: 0
        case .legacy: 1
        case .conforms: 2
        case .wildcard: 3
        }
    }
}
