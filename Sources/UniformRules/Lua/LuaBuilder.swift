import UniformCore
import UniformLua

/// Builds Lua tables from the core's values: the one place that decides how types, apps,
/// claims, resolutions and locations look to rule authors.
struct LuaBuilder {
    let state: LuaState

    func table(_ array: [LuaValue] = [], _ fields: [String: LuaValue] = [:]) -> LuaValue {
        .table(state.makeTable(array: array, fields: fields))
    }

    /// A record of `kind`: reading a field the kind does not have is an error (`RecordKind`).
    func record(_ kind: RecordKind, _ fields: [String: LuaValue]) -> LuaValue {
        let t = state.makeTable(fields: fields)
        state.setHostMetatable(kind.metatable(in: state), of: t)
        return .table(t)
    }

    func strings(_ items: [String]) -> LuaValue {
        table(items.map { .string($0) })
    }

    func optional(_ s: String?) -> LuaValue { s.map { .string($0) } ?? .nil }
    func optional(_ b: Bool?) -> LuaValue { b.map { .boolean($0) } ?? .nil }

    func location(_ l: SourceLocation?) -> LuaValue {
        guard let l else { return .nil }
        var fields: [String: LuaValue] = ["file": .string(l.file)]
        if let line = l.line { fields["line"] = .integer(Int64(line)) }
        if let column = l.column { fields["column"] = .integer(Int64(column)) }
        if let offset = l.offset { fields["offset"] = .integer(Int64(offset)) }
        return record(.location, fields)
    }

    func tags(_ lists: [TagList]) -> LuaValue {
        var fields: [String: LuaValue] = [:]
        for list in lists { fields[list.tagClass] = strings(list.tags) }
        return table([], fields)
    }

    func origin(_ d: TypeDeclaration) -> String {
        switch d.origin {
        case .catalog: "catalog"
        case .manifest(let id): id
        case .rule: "rule"
        case .dynamic: "dynamic"
        }
    }

    func declaration(_ d: TypeDeclaration) -> LuaValue {
        record(.declaration, declarationFields(d))
    }

    /// A declaration in `uniform.declarations()`, which says whether it is the one that counts.
    func declaration(_ d: TypeDeclaration, winner: Bool) -> LuaValue {
        var fields = declarationFields(d)
        fields["winner"] = .boolean(winner)
        return record(.declaration, fields)
    }

    /// A declaration's fields, which `uniform.claims` extends with how its claim fared.
    func declarationFields(_ d: TypeDeclaration) -> [String: LuaValue] {
        [
            "id": .string(d.identifier),
            "kind": .string(d.kind.rawValue),
            "origin": .string(origin(d)),
            "parents": strings(d.parents),
            "parent_locations": table(d.parentLocations.map(location)),
            "tags": tags(d.tags),
            "tag_classes": strings(d.tags.map(\.tagClass)),
            "description": optional(d.description),
            "reference_url": optional(d.referenceURL),
            "location": location(d.location),
        ]
    }

    func located(_ items: [Located<String>]) -> (LuaValue, LuaValue) {
        (strings(items.map(\.value)), table(items.map { location($0.location) }))
    }

    func claim(_ c: DocumentClaim) -> LuaValue {
        let (types, typeLocations) = located(c.contentTypes)
        let (extensions, _) = located(c.extensions)
        return record(
            .claim,
            [
                "index": .integer(Int64(c.index + 1)),
                "name": optional(c.name),
                "role": .string(c.role.rawValue),
                "declared_role": optional(c.declaredRole),
                "rank": .string(c.rank.rawValue),
                "declared_rank": optional(c.declaredRank),
                "types": types,
                "type_locations": typeLocations,
                "extensions": extensions,
                "extension_locations": located(c.extensions).1,
                "mime_types": strings(c.mimeTypes.map(\.value)),
                "os_types": strings(c.osTypes.map(\.value)),
                "is_package": optional(c.isPackage),
                "document_class": optional(c.documentClass),
                "location": location(c.location),
                "binds_nothing": .boolean(c.bindsNothing),
            ])
    }

    func app(_ m: Manifest) -> LuaValue {
        record(
            .app,
            [
                "id": .string(m.bundleID),
                "declared_id": optional(m.declaredBundleID),
                "name": optional(m.name),
                "platform": .string(m.platform.rawValue),
                "file": .string(m.file),
                "location": location(m.location),
                "synthetic": .boolean(m.isSynthetic),
                "context": .boolean(m.isContext),
                "opens_in_place": optional(m.supportsOpeningDocumentsInPlace),
                "supports_document_browser": optional(m.supportsDocumentBrowser),
                "file_sharing": optional(m.fileSharingEnabled),
                "claims": table(m.claims.map(claim)),
                "exports": table(m.exportedTypes.map(declaration)),
                "imports": table(m.importedTypes.map(declaration)),
                "host": optional(m.host),
                "extension_point": optional(m.extensionPoint),
                "distribution": optional(m.distribution?.rawValue),
                "previews": strings(m.previewedTypes.map(\.value)),
                "target": optional(m.origin?.target),
                "project": optional(m.origin?.project),
            ])
    }

    func type(_ t: DocumentType, graph: TypeGraph) -> LuaValue {
        let report = TypeReport(t, graph: graph)
        var fields: [String: LuaValue] = [
            "id": .string(t.identifier),
            "dynamic": .boolean(t.isDynamic),
            "declared": .boolean(t.id.map(graph.isDeclared) ?? false),
            "supertypes": strings(t.ancestors.filter { $0.id != t.id }.map { graph.identifier($0.id) }),
            "alternatives": strings(t.alternatives.map { graph.identifier($0) }),
            "wildcard": .boolean(t.id.map(graph.isWildcard) ?? false),
        ]
        if let id = t.id {
            fields["parents"] = strings(graph.parents(id).map { graph.identifier($0) })
            fields["declarations"] = table(graph.declarations(id).map(declaration))
            if let d = graph.declaration(id) {
                fields["declared_by"] = declaration(d)
                fields["description"] = optional(d.description)
                fields["tags"] = tags(d.tags)
            }
        } else if t.isDynamic, let dynamic = DynamicIdentifier(decoding: t.identifier) {
            fields["parents"] = strings(dynamic.conformsTo)
        }
        if fields["tags"] == nil { fields["tags"] = tags(report.tagLists) }
        return record(.type, fields)
    }

    func candidate(_ c: Candidate) -> LuaValue {
        record(.candidate, candidateFields(c))
    }

    func candidateFields(_ c: Candidate) -> [String: LuaValue] {
        var fields = [String: LuaValue](minimumCapacity: CandidateField.all.count)
        for field in CandidateField.all {
            if let value = field.value(of: c) { fields[field.rawValue] = luaValue(value) }
        }
        return fields
    }

    func luaValue(_ value: RecordValue) -> LuaValue {
        switch value {
        case .string(let s): .string(s)
        case .integer(let n): .integer(Int64(n))
        case .boolean(let b): .boolean(b)
        case .location(let l): location(l)
        case .strings(let items): strings(items)
        }
    }

    func exclusion(_ e: Exclusion) -> LuaValue {
        record(
            .exclusion,
            [
                "bundle_id": .string(e.bundleID),
                "reason": .string(e.reason),
                "rank": .string(e.rank.rawValue),
                "role": .string(e.role.rawValue),
                "match": .string(e.match.rawValue),
                "distance": .integer(Int64(e.distance)),
                "claim": location(e.claim),
                "claimed_type": .string(e.claimedType),
            ])
    }

    func query(_ q: Query, type: DocumentType, graph: TypeGraph) -> LuaValue {
        var fields = [String: LuaValue](minimumCapacity: QueryField.all.count)
        for field in QueryField.all {
            if let value = field.value(of: q, type: type, graph: graph) { fields[field.rawValue] = luaValue(value) }
        }
        return record(.query, fields)
    }

    func resolution(_ r: Resolution, graph: TypeGraph) -> LuaValue {
        record(
            .resolution,
            [
                "query": query(r.query, type: r.type, graph: graph),
                "type": type(r.type, graph: graph),
                "handlers": table(r.handlers.map(candidate)),
                "excluded": table(r.excluded.map(exclusion)),
                "default": optional(r.defaultHandler),
                "previewable": .boolean(r.previewable),
                "previewed_by": strings(r.previewedBy),
                "notes": strings(r.notes),
            ])
    }

    func finding(_ f: Finding) -> LuaValue {
        record(
            .finding,
            [
                "rule": .string(f.rule),
                "severity": .string(f.severity.rawValue),
                "message": .string(f.message),
                "location": location(f.location),
                "subject": optional(f.subject),
            ])
    }
}

extension LuaBuilder {
    /// `uniform.claims`: the tag, the winner, every claiming type with its apps.
    func claimMap(_ map: ClaimMap) -> LuaValue {
        func app(_ a: ClaimingApp) -> LuaValue {
            record(
                .claimingApp,
                [
                    "app": .string(a.bundleID), "rank": .string(a.rank.rawValue), "role": .string(a.role.rawValue),
                    "claimed_as": .string(a.claimedAs), "location": location(a.location),
                ])
        }
        let types: [LuaValue] = map.entries.map { entry in
            record(
                .claimingType,
                declarationFields(entry.declaration).merging(
                    [
                        "wins": .boolean(entry.wins), "shadowed": .boolean(entry.isShadowed),
                        "reason": .string(entry.reason), "declared_by": strings(entry.declaringApps),
                        "claimed_by": table(entry.claimedBy.map(app)),
                    ], uniquingKeysWith: { $1 }))
        }
        return record(
            .claimMap,
            [
                "tag": .string(map.tag),
                "tag_class": .string(map.tagClass),
                "winner": optional(map.winner),
                "types": table(types),
                "legacy": table(map.legacyClaims.map(app)),
            ])
    }
}
