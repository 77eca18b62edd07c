/// The team as `.uniform.lua` describes it, for rules (`uniform.team()`): whose apps are inside
/// and which types are meant to stay inside.
public struct TeamSettings: Sendable {
    /// Bundle-id patterns (`*` any run of characters) of the team's own apps.
    public var suite: [String] = []
    /// Type-identifier patterns the team keeps private.
    public var privateTypes: [String] = []

    public init(suite: [String] = [], privateTypes: [String] = []) {
        self.suite = suite
        self.privateTypes = privateTypes
    }
}
