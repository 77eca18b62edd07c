/// One type declaration of Apple's system catalog (CoreTypes), exactly as declared.
///
/// The catalog keeps Apple's data verbatim — including a parent declared nowhere and a
/// misspelled tag class — because the engine must behave like a Mac that has this data, junk
/// and all; judging the data is the type graph's job, not the catalog's.
public struct CatalogDeclaration: Hashable, Sendable {
    /// The tags of one class, in declared order (the first is the preferred tag).
    public struct TagSet: Hashable, Sendable {
        /// The tag class as spelled in the data (e.g. `public.filename-extension`).
        public var tagClass: String
        /// The tag values in declared order, verbatim (case and trailing spaces kept).
        public var values: [String]

        public init(tagClass: String, values: [String]) {
            self.tagClass = tagClass
            self.values = values
        }
    }

    /// The type identifier, original spelling.
    public var identifier: String
    /// `true` for `UTExportedTypeDeclarations`, `false` for imported ones; decides precedence.
    public var isExported: Bool
    /// Direct supertypes in declared order (order matters for property inheritance).
    public var parents: [String]
    /// Tags grouped by class, classes in declared order.
    public var tags: [TagSet]
    /// Apple's private `UTTypeIsWildcard` flag (`public.item`, `public.data`, …): claims of
    /// wildcard types are weaker when LaunchServices picks a handler.
    public var isWildcard: Bool
    /// `UTTypeDescription`, when declared.
    public var description: String?
    /// `UTTypeReferenceURL`, when declared.
    public var referenceURL: String?
    /// 1-based line of the declaration in the catalog file, so findings can point at it.
    public var line: Int

    public init(
        identifier: String,
        isExported: Bool,
        parents: [String],
        tags: [TagSet],
        isWildcard: Bool,
        description: String?,
        referenceURL: String?,
        line: Int
    ) {
        self.identifier = identifier
        self.isExported = isExported
        self.parents = parents
        self.tags = tags
        self.isWildcard = isWildcard
        self.description = description
        self.referenceURL = referenceURL
        self.line = line
    }

    /// The values declared for `tagClass` (compared ignoring case, as identifiers are), in
    /// declared order; empty when the class is absent.
    public func tags(for tagClass: String) -> [String] {
        let wanted = tagClass.lowercased()
        return tags.first { $0.tagClass.lowercased() == wanted }?.values ?? []
    }
}
