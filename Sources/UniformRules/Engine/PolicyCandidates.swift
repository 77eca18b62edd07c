import UniformCore

/// The candidates a policy was given, held by the Lua list so that their lazy fields can be
/// fetched whenever the policy reads them — even after the policy returned, if it kept them.
final class PolicyCandidates {
    let handlers: [Candidate]
    private var positions: [String: Int]?

    init(_ handlers: [Candidate]) {
        self.handlers = handlers
    }

    /// The candidate with this bundle id.
    func candidate(_ bundleID: String) -> Candidate? {
        position(of: bundleID).map { handlers[$0] }
    }

    /// Its place in the list the policy was given; the table is made on first use, as most
    /// policies hand back the records in an order the reader checks without it.
    func position(of bundleID: String) -> Int? {
        if positions == nil {
            positions = Dictionary(handlers.enumerated().map { ($0.element.bundleID, $0.offset) }, uniquingKeysWith: { first, _ in first })
        }
        return positions?[bundleID]
    }
}
