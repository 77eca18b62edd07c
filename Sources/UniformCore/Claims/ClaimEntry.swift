/// One type claiming a tag in a `ClaimMap`, with the apps behind it.
public struct ClaimEntry: Sendable {
    public var identifier: String
    /// The declaration whose tags list the tag.
    public var declaration: TypeDeclaration
    /// True for the type the lookup picks.
    public var wins: Bool
    /// True when another declaration of the same identifier took precedence, so this one's
    /// tags do not count at all.
    public var isShadowed: Bool
    /// Why it wins or loses, in words ("loses to X: X is exported, this one imported").
    public var reason: String
    /// Who declares it: `com.acme.app (exported)`, `system catalog (imported)`.
    public var declaredBy: [String]
    /// Bundle ids of the apps whose manifests declare it (no catalog, no rules).
    public var declaringApps: [String]
    /// Apps whose document types name the identifier (`LSItemContentTypes`), on the type's
    /// first entry in the map only (its shadowed declarations do not repeat them).
    public var claimedBy: [ClaimingApp]
}
