/// A handler question: which apps open this target, for this role.
public struct Query: Sendable {
    public var target: Target
    public var role: RoleQuery
    /// `--conforming-to`: a hard filter on the tag lookup.
    public var conformingTo: String?
    /// The app asking (the sender of a `send`), if any.
    public var from: String?
    /// The original text of the target, for output.
    public var text: String

    public init(target: Target, role: RoleQuery = .all, conformingTo: String? = nil, from: String? = nil, text: String? = nil) {
        self.target = target
        self.role = role
        self.conformingTo = conformingTo
        self.from = from
        self.text = text ?? target.description
    }
}
