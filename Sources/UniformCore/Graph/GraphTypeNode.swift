/// One type in a conformance picture: the document's type, a supertype or a subtype.
public struct GraphTypeNode: Sendable, Hashable {
    public enum Role: String, Sendable {
        /// The type the query resolved to.
        case target
        /// A type the target conforms to.
        case supertype
        /// A type conforming to the target (`--down`).
        case subtype
    }

    public var identifier: String
    /// A short description (`UTTypeDescription`, shortened), or a dynamic type's tags.
    public var summary: String?
    public var role: Role
    /// Conformance steps from the target: up for supertypes, down for subtypes.
    public var distance: Int
    /// Reached only by "open any file" claims: drawn apart so exposure is visible.
    public var isWildcard: Bool
    /// A `dyn.…` identifier made up for an unclaimed tag.
    public var isDynamic: Bool
    /// Named (by a parent list or a claim) but declared nowhere in the world.
    public var isDeclared: Bool
}
