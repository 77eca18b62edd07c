import UniformCore

/// What a policy call was given, held by its Lua records (through their metatable) so that their
/// lazy fields — the candidates' and the query's — can be fetched whenever the policy reads
/// them, even after the policy returned, if it kept them.
final class PolicyCandidates {
    let handlers: [Candidate]
    let query: Query
    let type: DocumentType
    let graph: TypeGraph
    private var positions: [String: Int]?

    init(_ handlers: [Candidate], query: Query, type: DocumentType, graph: TypeGraph) {
        self.handlers = handlers
        self.query = query
        self.type = type
        self.graph = graph
    }

    /// The candidate with this bundle id.
    func candidate(_ bundleID: String) -> Candidate? {
        position(of: bundleID).map { handlers[$0] }
    }

    /// Its place in the list the policy was given; the table is made on first use, as most
    /// policies hand back the records in an order the reader checks without it. An id in
    /// another case than the manifest's names the same app, as in Launch Services (`BundleID`).
    func position(of bundleID: String) -> Int? {
        if positions == nil {
            positions = Dictionary(
                handlers.enumerated().map { ($0.element.bundleID, $0.offset) }, uniquingKeysWith: { first, _ in first })
        }
        return positions?[bundleID] ?? handlers.firstIndex { BundleID.same($0.bundleID, bundleID) }
    }
}
