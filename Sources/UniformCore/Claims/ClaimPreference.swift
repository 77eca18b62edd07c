/// Why one type beats another in a tag lookup, in words: the first criterion of
/// `TypeGraph.lookup` on which they differ (docs/SPEC.md §2).
enum ClaimPreference {
    static func reason(winner: TypeID, loser: TypeID, tag: String, tagClass: String, graph: TypeGraph) -> String {
        let w = graph.identifier(winner)
        func tier(_ id: TypeID) -> Int {
            guard let d = graph.declaration(id) else { return 0 }
            return TypeGraph.isCoreTypesLine(d) ? 1 : TypeGraph.isSupplementLine(d) ? 2 : 0
        }
        if tier(loser) == 2, tier(winner) != 2,
            graph.types(withTag: tag, ofClass: tagClass).contains(where: { tier($0) == 1 })
        {
            return "loses to \(w): where CoreTypes declares a type with this tag, the system's other bundles come after"
        }
        func isPublic(_ id: TypeID) -> Bool { graph.identifier(id).lowercased().hasPrefix("public.") }
        if isPublic(winner) != isPublic(loser) { return "loses to \(w): public.* types come first" }
        let data = graph.id(of: "public.data")
        func isData(_ id: TypeID) -> Bool { data.map { graph.conforms(id, to: $0) } ?? false }
        if isData(winner) != isData(loser) { return "loses to \(w): it conforms to public.data, this one does not" }
        let normalised = TypeGraph.normalise(tag, ofClass: tagClass)
        func isFirst(_ id: TypeID) -> Bool {
            graph.preferredTag(id, ofClass: tagClass).map { TypeGraph.normalise($0, ofClass: tagClass) == normalised }
                ?? false
        }
        if isFirst(winner) != isFirst(loser) {
            return "loses to \(w): it lists '\(tag)' first, this one lists it later"
        }
        let exported = { (id: TypeID) in graph.declaration(id)?.kind == .exported }
        if exported(winner) != exported(loser) { return "loses to \(w): it is exported, this one imported" }
        return "loses to \(w): it was loaded first (catalog, then manifests in path order)"
    }
}
