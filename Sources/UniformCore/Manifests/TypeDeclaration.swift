/// One declaration of a type identifier, from the system catalog, a manifest's
/// `UTExportedTypeDeclarations`/`UTImportedTypeDeclarations`, a rule file, or made up for a
/// dynamic identifier.
public struct TypeDeclaration: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case exported
        case imported
    }

    public enum Origin: Sendable, Hashable {
        case catalog
        case manifest(bundleID: String)
        case rule
        case dynamic
    }

    public var identifier: String
    public var kind: Kind
    public var origin: Origin
    /// Direct supertypes in declared order.
    public var parents: [String]
    public var tags: [TagList]
    public var description: String?
    public var referenceURL: String?
    public var iconFiles: [String]
    /// The catalog's private `UTTypeIsWildcard` flag.
    public var isWildcard: Bool
    public var location: SourceLocation
    /// Locations of each parent string (same order as `parents`), where known.
    public var parentLocations: [SourceLocation]

    public init(
        identifier: String, kind: Kind, origin: Origin, parents: [String], tags: [TagList],
        description: String? = nil, referenceURL: String? = nil, iconFiles: [String] = [],
        isWildcard: Bool = false, location: SourceLocation, parentLocations: [SourceLocation] = []
    ) {
        self.identifier = identifier
        self.kind = kind
        self.origin = origin
        self.parents = parents
        self.tags = tags
        self.description = description
        self.referenceURL = referenceURL
        self.iconFiles = iconFiles
        self.isWildcard = isWildcard
        self.location = location
        self.parentLocations = parentLocations
    }

    /// The tags of one class, in declared order.
    public func tags(ofClass tagClass: String) -> [String] {
        tags.first { $0.tagClass == tagClass }?.tags ?? []
    }

    /// Declaration precedence: catalog-exported > app- or rule-exported > catalog-imported >
    /// app-imported > the catalog supplement (types of later systems, a fallback for whoever
    /// does not declare them). Lower wins; ties go to the first loaded.
    public var precedence: Int { Self.precedence(origin, kind, location: location) }

    static func precedence(_ origin: Origin, _ kind: Kind, location: SourceLocation) -> Int {
        if case .catalog = origin, SystemCatalog.isSupplement(location) { return 4 }
        return precedence(origin, kind)
    }

    static func precedence(_ origin: Origin, _ kind: Kind) -> Int {
        switch (origin, kind) {
        case (.catalog, .exported): 0
        case (.manifest, .exported), (.rule, .exported), (.dynamic, _): 1
        case (.catalog, .imported): 2
        case (.manifest, .imported), (.rule, .imported): 3
        }
    }

    /// "exported by com.acme.app", "imported by the system catalog", ...
    public var provenance: String {
        let who: String
        switch origin {
        case .catalog: who = "the system catalog"
        case .manifest(let id): who = id
        case .rule: who = "a rule"
        case .dynamic: who = "a dynamic identifier"
        }
        return "\(kind.rawValue) by \(who)"
    }
}
