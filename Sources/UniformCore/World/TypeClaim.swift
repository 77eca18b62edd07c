/// A claim naming a type in `LSItemContentTypes`, with the position of the first entry that
/// names it — so the resolver can point at the entry without comparing strings per query.
struct TypeClaim: Sendable {
    var reference: ClaimReference
    /// Index into the claim's `contentTypes`.
    var position: Int32
}
