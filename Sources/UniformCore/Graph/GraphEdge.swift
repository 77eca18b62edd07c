/// A conformance edge from a type to one of its direct parents (indexes into the nodes).
public struct GraphEdge: Sendable, Hashable {
    public var child: Int
    public var parent: Int
}
