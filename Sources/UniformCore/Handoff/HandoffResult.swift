import UniformPlist

/// What the receiving app is given, or why the hand-off was refused.
public struct HandoffResult: Sendable {
    public var accepted: Bool
    public var reason: String?
    /// Inbox copy URL, or the original URL when the receiver opens documents in place.
    public var url: String?
    public var sourceApplication: String?
    public var annotation: PlistNode?
    public var openInPlace: Bool
    /// The resolution the decision was based on.
    public var resolution: Resolution
    /// Routing rules that changed or refused the annotation.
    public var touches: [RuleTouch]
}
