/// A claim map as text for people and JSON for tools.
public struct ClaimMapReport {
    public var map: ClaimMap

    public init(_ map: ClaimMap) { self.map = map }

    /// `.pdb` for extensions, the MIME type itself otherwise.
    public var label: String {
        map.tagClass == TagClass.filenameExtension ? ".\(map.tag)" : map.tag
    }

    public var text: String {
        var lines: [String] = []
        let effective = map.entries.filter { !$0.isShadowed }.count
        let picks = map.winner.map { "the lookup picks \($0)" } ?? "none is picked for a file (it gets a dynamic type)"
        switch effective {
        case 0: lines.append("\(label): no declared type claims it")
        case 1: lines.append("\(label): 1 type claims it; \(picks)")
        default: lines.append("\(label): \(effective) types claim it; \(picks)")
        }
        if let filter = map.typingFilter, effective > 0 { lines.append("  (\(filter))") }
        for (n, entry) in map.entries.enumerated() {
            let status = entry.isShadowed ? "shadowed" : (entry.wins ? "wins" : "loses")
            lines.append("  \(n + 1). \(entry.identifier)  [\(status)] \(entry.reason)")
            lines.append("       declared: \(entry.declaration.provenance) at \(entry.declaration.location)")
            if !entry.declaration.parents.isEmpty {
                lines.append("       conforms to: \(entry.declaration.parents.joined(separator: ", "))")
            }
            if entry.declaredBy.count > 1 {
                lines.append("       declared by: \(entry.declaredBy.joined(separator: ", "))")
            }
            if entry.claimedBy.isEmpty {
                lines.append("       claimed by: no app")
            }
            for app in entry.claimedBy {
                lines.append(
                    "       claimed by: \(app.bundleID) (\(app.rank.rawValue), \(app.role.rawValue)) at \(app.location)"
                )
            }
        }
        if !map.legacyClaims.isEmpty {
            lines.append("legacy claims of \(label) (CFBundleTypeExtensions / CFBundleTypeMIMETypes):")
            for app in map.legacyClaims {
                lines.append("  - \(app.bundleID) (\(app.rank.rawValue), \(app.role.rawValue)) at \(app.location)")
            }
        }
        // Each line is the tool's; a line break inside one came from input (`ReportText`).
        return lines.map(ReportText.line).joined(separator: "\n")
    }

    public var json: JSONValue {
        .object([
            ("tag_class", .string(map.tagClass)),
            ("tag", .string(map.tag)),
            ("winner", .optional(map.winner)),
            ("typing_filter", .optional(map.typingFilter)),
            (
                "types",
                .array(
                    map.entries.map { entry in
                        .object([
                            ("id", .string(entry.identifier)),
                            ("wins", .bool(entry.wins)),
                            ("shadowed", .bool(entry.isShadowed)),
                            ("reason", .string(entry.reason)),
                            ("provenance", .string(entry.declaration.provenance)),
                            ("location", .string(entry.declaration.location.description)),
                            ("parents", .array(entry.declaration.parents.map(JSONValue.string))),
                            ("declared_by", .array(entry.declaredBy.map(JSONValue.string))),
                            ("claimed_by", .array(entry.claimedBy.map(Self.app))),
                        ])
                    })
            ),
            ("legacy_claims", .array(map.legacyClaims.map(Self.app))),
        ])
    }

    static func app(_ app: ClaimingApp) -> JSONValue {
        .object([
            ("app", .string(app.bundleID)),
            ("rank", .string(app.rank.rawValue)),
            ("role", .string(app.role.rawValue)),
            ("claimed_as", .string(app.claimedAs)),
            ("location", .string(app.location.description)),
        ])
    }
}
