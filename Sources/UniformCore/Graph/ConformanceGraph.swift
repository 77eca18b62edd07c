import Foundation

/// The picture `uniform graph` draws, as data: the document's type, its supertypes (and, with
/// `--down`, a bounded set of subtypes), conformance edges, and the apps whose claims matched,
/// each attached to the node it claims.
///
/// Pure and deterministic: nodes come in breadth-first order (the target, then supertypes as
/// the resolver ranks them, then subtypes level by level, sorted by identifier), edges in node
/// order and declared parent order, apps in resolution order (handlers best first, then
/// excluded). Renderers only format this, so two runs give byte-identical pictures that diff.
public struct ConformanceGraph: Sendable {
    public var query: String
    public var nodes: [GraphTypeNode]
    public var edges: [GraphEdge]
    public var apps: [GraphApp]
    /// Subtypes beyond `GraphOptions.subtypeLimit`, summarised rather than drawn.
    public var omittedSubtypes: Int
    /// Apps whose claimed type lies beyond `--depth`: named in a comment, not drawn.
    public var undrawnApps: [String]
    public var defaultHandler: String?

    /// Longest description kept in a node label.
    public static let summaryLength = 40

    public init(resolution: Resolution, world: World, options: GraphOptions = GraphOptions()) {
        let graph = world.graph
        let type = resolution.type
        query = resolution.query.text
        defaultHandler = resolution.defaultHandler
        omittedSubtypes = 0
        undrawnApps = []
        nodes = []
        edges = []
        apps = []

        var indexByKey: [String: Int] = [:]
        var typeIDs: [TypeID?] = []
        func add(_ node: GraphTypeNode, id: TypeID?) {
            indexByKey[node.identifier.lowercased()] = nodes.count
            nodes.append(node)
            typeIDs.append(id)
        }

        // The target.
        add(
            GraphTypeNode(
                identifier: type.identifier, summary: Self.summary(of: type, in: graph), role: .target, distance: 0,
                isWildcard: type.id.map(graph.isWildcard) ?? false, isDynamic: type.isDynamic,
                isDeclared: type.isDynamic || (type.id.map(graph.isDeclared) ?? false)), id: type.id)

        // Supertypes, in the resolver's breadth-first order.
        for ancestor in type.ancestors where ancestor.distance > 0 && ancestor.id != type.id {
            if let depth = options.depth, ancestor.distance > depth { continue }
            guard indexByKey[graph.identifier(ancestor.id).lowercased()] == nil else { continue }
            add(Self.node(ancestor.id, role: .supertype, distance: ancestor.distance, in: graph), id: ancestor.id)
        }

        // Subtypes, bounded in depth and number.
        if options.down, let root = type.id {
            var children: [TypeID: [TypeID]] = [:]
            for id in graph.allIDs {
                for parent in graph.parents(id) { children[parent, default: []].append(id) }
            }
            let levels = options.depth ?? options.defaultDownDepth
            var frontier = [root]
            var drawn = 0
            var seen: Set<TypeID> = [root]
            for level in stride(from: 1, through: levels, by: 1) {
                var next: [TypeID] = []
                for id in frontier {
                    next.append(contentsOf: (children[id] ?? []).filter { seen.insert($0).inserted })
                }
                next.sort { graph.identifier($0).lowercased() < graph.identifier($1).lowercased() }
                for id in next {
                    if indexByKey[graph.identifier(id).lowercased()] != nil { continue }
                    if drawn >= options.subtypeLimit {
                        omittedSubtypes += 1
                        continue
                    }
                    add(Self.node(id, role: .subtype, distance: level, in: graph), id: id)
                    drawn += 1
                }
                frontier = next
            }
        }

        // Conformance edges, child by child, parents in declared order.
        for (child, id) in typeIDs.enumerated() {
            let parents: [String]
            if let id {
                parents = graph.parents(id).map(graph.identifier)
            } else {
                // A dynamic type's direct parents are those its payload names.
                parents = type.ancestors.filter { $0.distance == 1 }.map { graph.identifier($0.id) }
            }
            for parent in parents {
                if let p = indexByKey[parent.lowercased()], p != child {
                    edges.append(GraphEdge(child: child, parent: p))
                }
            }
        }

        // Apps, attached to the node their claim names.
        func attach(_ claimed: String, path: [String], match: MatchKind) -> Int? {
            if let i = indexByKey[claimed.lowercased()] { return i }
            // Legacy claims name a tag: the `*` wildcard stands at public.data (the end of its
            // path), an extension or MIME type at the document's own type.
            if match == .legacy || match == .wildcard, graph.id(of: claimed) == nil {
                return path.last.flatMap { indexByKey[$0.lowercased()] } ?? 0
            }
            return nil
        }
        for (n, candidate) in resolution.handlers.enumerated() {
            guard let node = attach(candidate.claimedType, path: candidate.path, match: candidate.match) else {
                undrawnApps.append(candidate.bundleID)
                continue
            }
            apps.append(
                GraphApp(
                    bundleID: candidate.bundleID, name: candidate.appName ?? world.app(candidate.bundleID)?.name,
                    rank: candidate.rank, role: candidate.role, match: candidate.match, distance: candidate.distance,
                    position: n + 1, isDefault: candidate.bundleID == resolution.defaultHandler,
                    isUserDefault: candidate.isUserDefault, exclusion: nil, node: node,
                    claimedType: candidate.claimedType))
        }
        for exclusion in resolution.excluded {
            guard let node = attach(exclusion.claimedType, path: exclusion.path, match: exclusion.match) else {
                undrawnApps.append(exclusion.bundleID)
                continue
            }
            apps.append(
                GraphApp(
                    bundleID: exclusion.bundleID, name: world.app(exclusion.bundleID)?.name,
                    rank: exclusion.rank, role: exclusion.role, match: exclusion.match, distance: exclusion.distance,
                    position: nil, isDefault: false, isUserDefault: false, exclusion: exclusion.reason, node: node,
                    claimedType: exclusion.claimedType))
        }
    }

    private static func node(
        _ id: TypeID, role: GraphTypeNode.Role, distance: Int, in graph: TypeGraph
    ) -> GraphTypeNode {
        GraphTypeNode(
            identifier: graph.identifier(id),
            summary: graph.declaration(id)?.description.flatMap { describe(graph.identifier(id), $0) },
            role: role, distance: distance, isWildcard: graph.isWildcard(id), isDynamic: false,
            isDeclared: graph.isDeclared(id))
    }

    /// A dynamic type is summarised by the tags it stands for (`.srt`), which is what a reader
    /// needs to recognise it; a declared type by its description.
    private static func summary(of type: DocumentType, in graph: TypeGraph) -> String? {
        if type.isDynamic {
            guard let dynamic = DynamicIdentifier(decoding: type.identifier) else { return "dynamic" }
            let tags = dynamic.tags.map { tag in
                switch tag.tagClass {
                case TagClass.filenameExtension: ".\(tag.tag)"
                case TagClass.mimeType: tag.tag
                default: "\(tag.tagClass)=\(tag.tag)"
                }
            }
            return "dynamic: " + tags.joined(separator: ", ")
        }
        return type.id.flatMap { graph.declaration($0)?.description }.flatMap { describe(type.identifier, $0) }
    }

    /// A description that only repeats the identifier (`public.text`: "text") says nothing.
    static func describe(_ identifier: String, _ description: String) -> String? {
        guard let short = shorten(description) else { return nil }
        return identifier.lowercased().hasSuffix("." + short.lowercased()) ? nil : short
    }

    /// Trimmed, at most `summaryLength` characters (an ellipsis marks a cut), `nil` when empty.
    public static func shorten(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return trimmed.count <= summaryLength ? trimmed : String(trimmed.prefix(summaryLength - 1)) + "…"
    }
}
