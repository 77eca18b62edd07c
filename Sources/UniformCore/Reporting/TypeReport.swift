/// Text and JSON forms of a type (`uniform type`).
public struct TypeReport {
    public var type: DocumentType
    public var graph: TypeGraph

    public init(_ type: DocumentType, graph: TypeGraph) {
        self.type = type
        self.graph = graph
    }

    var declaration: TypeDeclaration? { type.id.flatMap(graph.declaration) }

    var supertypes: [String] { type.ancestors.filter { $0.id != type.id }.map { graph.identifier($0.id) } }

    /// The type's tags: its winning declaration's, or those a dynamic identifier carries.
    public var tagLists: [TagList] {
        if let declaration { return declaration.tags }
        if type.isDynamic, let dynamic = DynamicIdentifier(decoding: type.identifier) {
            var lists: [TagList] = []
            for tag in dynamic.tags {
                if let i = lists.firstIndex(where: { $0.tagClass == tag.tagClass }) {
                    lists[i].tags.append(tag.tag)
                } else {
                    lists.append(TagList(tagClass: tag.tagClass, tags: [tag.tag]))
                }
            }
            return lists
        }
        return []
    }

    public var json: JSONValue {
        let declaredBy: JSONValue =
            declaration.map { d in
                .object([
                    ("kind", .string(d.kind.rawValue)), ("origin", .string(Self.origin(d))),
                    ("location", JSONValue(d.location)),
                ])
            } ?? .null
        let parents: [String] =
            type.id.map { graph.parents($0).map { graph.identifier($0) } }
            ?? (type.isDynamic ? DynamicIdentifier(decoding: type.identifier)?.conformsTo ?? [] : [])
        let others = type.id.map { graph.declarations($0) }?.filter { declaration == nil || $0 != declaration! } ?? []
        return .object([
            ("schema_version", .int(uniformSchemaVersion)),
            ("identifier", .string(type.identifier)),
            ("dynamic", .bool(type.isDynamic)),
            ("declared", .bool(declaration != nil)),
            ("declared_by", declaredBy),
            ("description", .optional(declaration?.description)),
            ("parents", .array(parents.map(JSONValue.string))),
            ("supertypes", .array(supertypes.map(JSONValue.string))),
            ("tags", .object(tagLists.map { ($0.tagClass, .array($0.tags.map(JSONValue.string))) })),
            ("wildcard", .bool(type.id.map(graph.isWildcard) ?? false)),
            (
                "other_declarations",
                .array(
                    others.map { d in
                        .object([
                            ("kind", .string(d.kind.rawValue)), ("origin", .string(Self.origin(d))),
                            ("location", JSONValue(d.location)),
                        ])
                    })
            ),
            ("other_claimants", .array(type.alternatives.map { .string(graph.identifier($0)) })),
        ])
    }

    static func origin(_ d: TypeDeclaration) -> String {
        switch d.origin {
        case .catalog: "catalog"
        case .manifest(let id): id
        case .rule: "rule"
        case .dynamic: "dynamic"
        }
    }

    public var text: String {
        var lines = [type.identifier + (type.isDynamic ? " (dynamic)" : "")]
        if let d = declaration {
            lines.append("  declared: \(d.provenance) at \(d.location)")
            if SystemCatalog.isSupplement(d.location), let entry = SystemCatalog.supplementEntry(at: d.location) {
                lines.append("  declared by the system on: \(entry.availability.text)")
                if let bundle = entry.bundle { lines.append("  declared in: \(bundle)") }
                lines.append("  trust: \(entry.trust.rawValue)")
                for source in entry.sources { lines.append("  source: \(source)") }
            }
            if let description = d.description { lines.append("  description: \(description)") }
        } else if !type.isDynamic {
            lines.append("  declared: nowhere (an undeclared identifier)")
        }
        if let id = type.id {
            let parents = graph.parents(id).map { graph.identifier($0) }
            lines.append("  parents: " + (parents.isEmpty ? "(none)" : parents.joined(separator: ", ")))
        }
        lines.append("  conforms to: " + (supertypes.isEmpty ? "(nothing)" : supertypes.joined(separator: ", ")))
        for list in tagLists {
            lines.append(
                "  \(list.tagClass): " + list.tags.map { $0.isEmpty ? "\"\" (empty)" : $0 }.joined(separator: ", "))
        }
        if !type.alternatives.isEmpty {
            lines.append(
                "  also claiming this tag: " + type.alternatives.map { graph.identifier($0) }.joined(separator: ", "))
        }
        if let id = type.id {
            for other in graph.declarations(id) where other != declaration {
                lines.append("  also declared (ignored): \(other.provenance) at \(other.location)")
            }
        }
        // Each line is the tool's; a line break inside one came from input (`ReportText`).
        return lines.map(ReportText.line).joined(separator: "\n")
    }
}
