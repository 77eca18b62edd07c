/// Which apps outside a set can open a set of types (docs/SPEC.md §4): the check the seeds describe.
///
/// Exact, legacy and conformance matches count as exposure; wildcard matches (`public.data`,
/// `public.item`, `*`) are listed apart, since every file reaches those apps anyway.
public struct Exposure: Sendable {
    public struct Entry: Sendable {
        public var type: String
        public var candidate: Candidate
    }

    public var exposed: [Entry]
    public var wildcard: [Entry]

    /// Resolves each type (with the resolver's rules) and keeps the candidates whose bundle id
    /// matches none of the `inside` patterns (`com.acme.*`, in any case: `BundleID`).
    public static func compute(types: [String], inside: [String], resolver: Resolver) throws -> Exposure {
        var result = Exposure(exposed: [], wildcard: [])
        for type in types {
            let resolution = try resolver.resolve(Query(target: .uti(type), text: type))
            for candidate in resolution.handlers
            where !inside.contains(where: { BundleID.matches($0, candidate.bundleID) }) {
                let entry = Entry(type: resolution.type.identifier, candidate: candidate)
                if candidate.match == .wildcard { result.wildcard.append(entry) } else { result.exposed.append(entry) }
            }
        }
        return result
    }
}
