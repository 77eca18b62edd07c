/// How much of the conformance neighbourhood `uniform graph` draws.
///
/// Supertypes are few (a handful even for deep types), so they are drawn in full unless
/// `depth` says otherwise; subtypes can number in the hundreds (`public.data`), so going down
/// is opt-in and always bounded, to keep pictures readable.
public struct GraphOptions: Sendable, Hashable {
    /// How many conformance steps to draw up (and down); `nil` draws every supertype.
    public var depth: Int?
    /// Also draw the types conforming to the target.
    public var down: Bool
    /// Levels drawn down when `depth` is not given.
    public var defaultDownDepth: Int
    /// At most this many subtypes; the rest are summarised in one "+N more" node.
    public var subtypeLimit: Int

    public init(depth: Int? = nil, down: Bool = false, defaultDownDepth: Int = 1, subtypeLimit: Int = 24) {
        self.depth = depth
        self.down = down
        self.defaultDownDepth = defaultDownDepth
        self.subtypeLimit = subtypeLimit
    }
}
