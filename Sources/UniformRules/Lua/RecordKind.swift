import UniformCore
import UniformLua

/// The kinds of record the API hands to rules, each with the one list of its field names.
///
/// Reading a field a record does not have is an error at the rule's line with the nearest
/// field's name: `q.typ == "org.opml.opml"` read nil and the policy silently never fired. A
/// field the kind has but this record lacks (an app without a name) still reads nil.
enum RecordKind: String, CaseIterable {
    case location
    case declaration
    case claim
    case app
    case type
    case candidate
    case exclusion
    case query
    case resolution
    case finding
    case claimMap = "claim map"
    case claimingType = "claiming type"
    case claimingApp = "claiming app"
    case exposure
    case exposed
    case handoff = "hand-off result"
    case team
    case dynamicIdentifier = "dynamic identifier"
    /// What a routing rule is told about the document being handed off.
    case document

    var fields: [String] {
        switch self {
        case .location: ["file", "line", "column", "offset"]
        case .declaration: Self.declarationFields + ["winner"]
        case .claim:
            [
                "index", "name", "role", "declared_role", "rank", "declared_rank", "types", "type_locations",
                "extensions", "extension_locations", "mime_types", "os_types", "is_package", "document_class",
                "location", "binds_nothing",
            ]
        case .app:
            [
                "id", "declared_id", "name", "platform", "file", "location", "synthetic", "context", "opens_in_place",
                "supports_document_browser", "file_sharing", "claims", "exports", "imports", "host",
                "extension_point", "distribution", "previews", "target", "project",
            ]
        case .type:
            [
                "id", "dynamic", "declared", "supertypes", "alternatives", "wildcard", "parents", "declarations",
                "declared_by", "description", "tags",
            ]
        case .candidate: CandidateField.all.map(\.rawValue)
        case .exclusion:
            ["bundle_id", "reason", "rank", "role", "match", "distance", "claim", "claimed_type"]
        case .query: QueryField.all.map(\.rawValue)
        case .resolution:
            ["query", "type", "handlers", "excluded", "default", "previewable", "previewed_by", "notes"]
        case .finding: ["rule", "severity", "message", "location", "subject"]
        case .claimMap: ["tag", "tag_class", "winner", "types", "legacy"]
        case .claimingType:
            Self.declarationFields + ["wins", "shadowed", "reason", "declared_by", "claimed_by"]
        case .claimingApp: ["app", "rank", "role", "claimed_as", "location"]
        case .exposure: ["wildcard"]
        case .exposed: CandidateField.all.map(\.rawValue) + ["type", "app", "platform"]
        case .handoff:
            [
                "accepted", "open_in_place", "type", "reason", "url", "source_application", "annotation", "platform",
                "notes",
            ]
        case .team: ["suite", "private_types"]
        case .dynamicIdentifier: ["conforms_to", "tags", "payload"]
        case .document: ["file", "type", "supertypes", "platform"]
        }
    }

    private static let declarationFields = [
        "id", "kind", "origin", "parents", "parent_locations", "tags", "tag_classes", "description",
        "reference_url", "location",
    ]

    /// The metatable that makes a record of this kind strict, one per state.
    func metatable(in state: LuaState) -> LuaTableRef {
        state.hostMetatable(named: "record: \(rawValue)") {
            let fields = self.fields
            let known = state.makeTable(fields: Dictionary(uniqueKeysWithValues: fields.map { ($0, true) }))
            let suggest = state.makeFunction(name: "nearest field") { ctx in
                [.string(Self.hint(for: try ctx.string(1), among: fields))]
            }
            do {
                let make = try state.load(Self.strictIndex, chunkName: "=uniform")
                guard
                    case .table(let metatable)? = try state.call(
                        make, [.string(rawValue), .table(known), .function(suggest)]
                    ).first
                else { preconditionFailure("the strict-record metatable is a table") }
                return metatable
            } catch {
                preconditionFailure("the strict-record metatable must load: \(error)")
            }
        }
    }

    /// "; did you mean 'type'?" for a near slip, else the kind's fields.
    static func hint(for name: String, among fields: [String]) -> String {
        let nearest = fields.min { EditDistance.between(name, $0) < EditDistance.between(name, $1) }
        // One slip in a short name, two (a swapped pair: `rnak`) from four letters, three in a long one.
        let allowed = name.count <= 3 ? 1 : name.count <= 8 ? 2 : 3
        if let nearest, EditDistance.between(name, nearest) <= allowed {
            return "; did you mean '\(nearest)'?"
        }
        return " (its fields: \(fields.sorted().joined(separator: ", ")))"
    }

    /// Non-string keys read nil as in any table (`ipairs` asks for `[1]`); the metatable is
    /// hidden, so a rule cannot give every record of the kind a `__gc`.
    private static let strictIndex = #"""
        local name, known, suggest = ...
        local type, error, tostring = type, error, tostring
        return { __metatable = false, __index = function(_, key)
          if type(key) ~= "string" or known[key] then return nil end
          local shown = #key > 64 and key:sub(1, 64) .. "…" or key
          error(name .. " has no field '" .. shown .. "'" .. suggest(key), 2)
        end }
        """#
}
