/// Why a matching claim does not make its app a handler; the message is written only for the
/// exclusions that are reported.
enum Refusal: Sendable {
    /// A plug-in or informational role (`None`, `QLGenerator`, …).
    case notHandler
    /// `LSHandlerRank None`.
    case rankNone
    /// The claim's role does not satisfy the query's.
    case role
}
