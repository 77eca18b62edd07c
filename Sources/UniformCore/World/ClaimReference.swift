/// Points at one document-type entry of one app in a world.
public struct ClaimReference: Hashable, Sendable {
    public var app: Int
    public var claim: Int
}
