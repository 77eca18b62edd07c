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
    /// The device the hand-off happened on (nil: a world without a platform of its own).
    public var platform: Platform? = nil
    /// What the platform does differently, said with the answer (a Mac app gets no annotation).
    public var notes: [String] = []
}
