/// Finds the type of a target (docs/SPEC.md §2 "Tag lookup").
public struct TypeResolver {
    public let graph: TypeGraph

    public init(graph: TypeGraph) {
        self.graph = graph
    }

    /// Resolves a target. Command-line targets are documents, so an unknown tag becomes a
    /// dynamic type conforming to `public.data`, or to `conformingTo` when given (a hard filter).
    /// `documentConformance: false` is the bare tag lookup of the Lua API (`1=webvtt`).
    ///
    /// `platform` is where the item is typed (docs/SPEC.md §2): on macOS a flat file takes only the
    /// candidates conforming to `public.data`, a folder or bundle only those conforming to
    /// `com.apple.package` or `public.directory` (Launch Services for items on disk, and
    /// `UTType(filenameExtension:)`, which conforms to `public.data` by default); on iOS, or with
    /// no platform, every candidate, as `UIDocumentInteractionController` types a file by its
    /// extension alone.
    public func resolve(
        _ target: Target, conformingTo filter: String? = nil, documentConformance: Bool = true,
        platform: Platform? = nil
    ) -> DocumentType {
        switch target {
        case .uti(let identifier):
            return type(forIdentifier: identifier)
        case .file(let name) where Target.fileExtension(of: name) == nil:
            // A document without an extension is plain data.
            return type(forIdentifier: filter ?? "public.data")
        case .directory(let name) where Target.fileExtension(of: name) == nil:
            return type(forIdentifier: filter ?? "public.folder")
        default:
            let (tagClass, tag) = target.tag!
            let filterID = filter.flatMap { graph.id(of: $0) }
            var found: [TypeID] = []
            if filter == nil || filterID != nil {
                found = graph.lookup(tag: tag, ofClass: tagClass, conformingTo: filterID)
            }
            if platform == .macos {
                let kinds = target.isDirectory ? ["com.apple.package", "public.directory"] : ["public.data"]
                let allowed = kinds.compactMap { graph.id(of: $0) }
                found = found.filter { candidate in allowed.contains { graph.conforms(candidate, to: $0) } }
            }
            if let winner = found.first {
                var type = declaredType(winner)
                type.alternatives = Array(found.dropFirst())
                return type
            }
            // A folder whose extension no package type claims is a folder (a guess: no capture
            // of an unclaimed folder extension has been found; `.download`, which Safari claims
            // as a package by extension, is `dyn.…` conforming to com.apple.package).
            if target.isDirectory, filter == nil { return type(forIdentifier: "public.folder") }
            let conformance = filter ?? (documentConformance ? "public.data" : nil)
            let dynamic = DynamicIdentifier(tagClass: tagClass, tag: tag, conformingTo: conformance)
            return dynamicType(dynamic)
        }
    }

    /// A UTI target: declared, interned-but-undeclared, dynamic, or unknown.
    public func type(forIdentifier identifier: String) -> DocumentType {
        if let id = graph.id(of: identifier) { return declaredType(id) }
        if let dynamic = DynamicIdentifier(decoding: identifier) { return dynamicType(dynamic, spelling: identifier) }
        return DocumentType(identifier: identifier, id: nil, isDynamic: false, ancestors: [])
    }

    private func declaredType(_ id: TypeID) -> DocumentType {
        DocumentType(identifier: graph.identifier(id), id: id, isDynamic: false, ancestors: graph.supertypes(id))
    }

    /// A dynamic type's supertypes are exactly those its payload names, and theirs.
    private func dynamicType(_ dynamic: DynamicIdentifier, spelling: String? = nil) -> DocumentType {
        var ancestors: [Ancestor] = []
        var seen = Set<TypeID>()
        for parent in dynamic.conformsTo {
            guard let pid = graph.id(of: parent) else { continue }
            for ancestor in graph.supertypes(pid) where seen.insert(ancestor.id).inserted {
                ancestors.append(Ancestor(id: ancestor.id, distance: ancestor.distance + 1, via: ancestor.via))
            }
        }
        ancestors.sort { $0.distance < $1.distance }
        return DocumentType(identifier: spelling ?? dynamic.identifier, id: nil, isDynamic: true, ancestors: ancestors)
    }
}
