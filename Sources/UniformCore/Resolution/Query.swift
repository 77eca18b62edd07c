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
    /// The platform asked about: the item is typed as that platform types it and only its apps
    /// answer. Nil: the world's platform filter decides (`all` types as iOS does, unfiltered).
    public var platform: Platform?

    public init(
        target: Target, role: RoleQuery = .all, conformingTo: String? = nil, from: String? = nil, text: String? = nil,
        platform: Platform? = nil
    ) {
        self.target = target
        self.platform = platform
        self.role = role
        self.conformingTo = conformingTo
        self.from = from
        self.text = text ?? target.description
    }
}
