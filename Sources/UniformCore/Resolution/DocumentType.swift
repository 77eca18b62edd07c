/// The type a query resolved to, declared or dynamic, with its supertypes.
public struct DocumentType: Sendable {
    public var identifier: String
    /// The interned node, when the identifier is in the graph.
    public var id: TypeID?
    public var isDynamic: Bool
    /// Supertypes with distances, the type itself first (distance 0, `id` when interned).
    /// For a dynamic type the graph ancestors of its conformance follow at distance ≥ 1.
    public var ancestors: [Ancestor]
    /// Other declared types that claim the same tag and lost the lookup.
    public var alternatives: [TypeID]

    public init(identifier: String, id: TypeID?, isDynamic: Bool, ancestors: [Ancestor], alternatives: [TypeID] = []) {
        self.identifier = identifier
        self.id = id
        self.isDynamic = isDynamic
        self.ancestors = ancestors
        self.alternatives = alternatives
    }

    /// Distance to a supertype, if the type conforms to it.
    public func distance(to type: TypeID) -> Int? {
        ancestors.first { $0.id == type }?.distance
    }
}

extension DocumentType {
    /// The conformance path from this type up to a supertype, as identifiers:
    /// `["com.x.pdb", "public.plain-text"]`.
    public func path(to target: TypeID, in graph: TypeGraph) -> [String] {
        var steps: [String] = []
        var current: TypeID? = target
        var guardCount = 0
        while let step = current, guardCount <= ancestors.count {
            guardCount += 1
            if step == id { break }
            steps.append(graph.identifier(step))
            current = ancestors.first { $0.id == step }?.via
        }
        steps.append(identifier)
        return steps.reversed()
    }
}
