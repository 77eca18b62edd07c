extension SystemCatalog {
    /// The catalog as type declarations for the graph, converted once: CoreTypes, then the supplement's types CoreTypes lacks (as catalog imports: an app's
    /// export still wins, as on the systems before them).
    public static let typeDeclarations: [TypeDeclaration] = coreTypeDeclarations + supplementDeclarations

    static let supplementDeclarations: [TypeDeclaration] = {
        let known = Set(declarations.map { $0.identifier.lowercased() })
        return supplement.map(\.declaration).filter { !known.contains($0.identifier.lowercased()) }.map { entry in
            TypeDeclaration(
                identifier: entry.identifier, kind: .imported, origin: .catalog, parents: entry.parents,
                tags: entry.tags.map { TagList(tagClass: $0.tagClass, tags: $0.values) },
                description: entry.description, referenceURL: entry.referenceURL, isWildcard: entry.isWildcard,
                location: SourceLocation(file: supplementFileName, line: entry.line))
        }
    }()

    /// The catalog as type declarations for the graph, converted once.
    static let coreTypeDeclarations: [TypeDeclaration] = declarations.map { entry in
        TypeDeclaration(
            identifier: entry.identifier,
            kind: entry.isExported ? .exported : .imported,
            origin: .catalog,
            parents: entry.parents,
            tags: entry.tags.map { TagList(tagClass: $0.tagClass, tags: $0.values) },
            description: entry.description,
            referenceURL: entry.referenceURL,
            isWildcard: entry.isWildcard,
            location: SourceLocation(file: fileName, line: entry.line)
        )
    }
}
