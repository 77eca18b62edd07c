extension SystemCatalog {
    /// The catalog as type declarations for the graph, converted once.
    public static let typeDeclarations: [TypeDeclaration] = declarations.map { entry in
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
