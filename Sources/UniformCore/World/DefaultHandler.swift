/// A user's choice of default app for a type or a tag, from a LaunchServices preferences plist
/// (`--defaults`) or declared by a rule.
public struct DefaultHandler: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        /// `LSHandlerContentType`: the document's exact type.
        case contentType(String)
        /// `LSHandlerContentTag` + `LSHandlerContentTagClass`: the query's own tag.
        case tag(tagClass: String, tag: String)
    }

    public var key: Key
    /// Role key → bundle id, e.g. `LSHandlerRoleAll` → `com.apple.TextEdit`.
    public var roles: [String: String]
    public var location: SourceLocation

    public init(key: Key, roles: [String: String], location: SourceLocation) {
        self.key = key
        self.roles = roles
        self.location = location
    }

    /// The bundle id for a role: the role's own key, else `LSHandlerRoleAll`.
    public func bundleID(for role: RoleQuery) -> String? {
        roles[role.preferencesKey] ?? roles["LSHandlerRoleAll"]
    }
}
