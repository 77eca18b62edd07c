import Foundation

extension SystemCatalog {
    /// The catalog of the newest release of each platform, as type declarations for the graph.
    public static var typeDeclarations: [TypeDeclaration] {
        typeDeclarations(for: OSSelection.newest.releases(for: .all))
    }

    /// The system's types on any of `releases` (one release: a platform's world; both
    /// platforms' releases: a world holding apps of both), as type declarations for the graph:
    /// CoreTypes, then each supplement type declared on one of those releases that CoreTypes
    /// lacks (as catalog imports: an app's export still wins, as on the systems before them).
    /// Worked out once per set of releases.
    public static func typeDeclarations(for releases: [OSRelease]) -> [TypeDeclaration] {
        let key = Set(releases)
        return declarationsCache.value(for: key) {
            var known = coreTypeIdentifiers
            var result = coreTypeDeclarations
            for entry in supplementWithoutSources where releases.contains(where: entry.availability.includes) {
                guard known.insert(entry.declaration.identifier.lowercased()).inserted else { continue }
                result.append(typeDeclaration(entry))
            }
            return result
        }
    }

    private static let declarationsCache = DeclarationsCache()

    /// CoreTypes' identifiers, lowercased: a supplement line never replaces one.
    private static let coreTypeIdentifiers = Set(declarations.map { $0.identifier.lowercased() })

    private static func typeDeclaration(_ entry: SupplementEntry) -> TypeDeclaration {
        let d = entry.declaration
        return TypeDeclaration(
            identifier: d.identifier, kind: .imported, origin: .catalog, parents: d.parents,
            tags: d.tags.map { TagList(tagClass: $0.tagClass, tags: $0.values) },
            description: d.description, referenceURL: d.referenceURL, isWildcard: d.isWildcard,
            location: SourceLocation(file: entry.file, line: d.line))
    }

    /// The CoreTypes catalog as type declarations for the graph, converted once.
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

/// Declarations per set of releases, built once each: a run asks for one or two sets, but from
/// several threads (worlds are built concurrently in tests and the benchmark).
private final class DeclarationsCache: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [Set<OSRelease>: [TypeDeclaration]] = [:]

    func value(for key: Set<OSRelease>, build: () -> [TypeDeclaration]) -> [TypeDeclaration] {
        lock.lock()
        defer { lock.unlock() }
        if let cached = built[key] { return cached }
        let value = build()
        built[key] = value
        return value
    }
}
