/// A supplement declaration with what the catalog format carries beside it: the OS versions
/// that declare the type (`@since=`) and the public sources of its facts (`@source=`).
public struct SupplementEntry: Sendable {
    public var declaration: CatalogDeclaration
    public var since: String?
    public var sources: [String]

    init(_ parsed: CatalogDeclaration) {
        var declaration = parsed
        since = parsed.tags.first { $0.tagClass == "@since" }?.values.joined(separator: ", ")
        sources = parsed.tags.first { $0.tagClass == "@source" }?.values ?? []
        declaration.tags = parsed.tags.filter { !$0.tagClass.hasPrefix("@") }
        self.declaration = declaration
    }
}
