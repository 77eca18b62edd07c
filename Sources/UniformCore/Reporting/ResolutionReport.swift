/// Text and JSON forms of a resolution, shared by the CLI, the REPL and the Lua API.
public struct ResolutionReport {
    public var resolution: Resolution
    public var graph: TypeGraph
    /// The bundle ids (lower case) of context apps (`Manifest.isContext`): their candidates say
    /// `"context": true` in JSON, so a script can tell the device's apps from the team's.
    public var contextApps: Set<String> = []

    public init(_ resolution: Resolution, graph: TypeGraph, contextApps: Set<String> = []) {
        self.resolution = resolution
        self.graph = graph
        self.contextApps = contextApps
    }

    // MARK: JSON

    public var json: JSONValue {
        let r = resolution
        var query: [(String, JSONValue)] = [
            ("text", .string(r.query.text)), ("kind", .string(r.query.target.kind)),
            ("role", .string(r.query.role.rawValue)),
        ]
        query.append(("conforming_to", .optional(r.query.conformingTo)))
        query.append(("from", .optional(r.query.from)))
        return .object([
            ("schema_version", .int(uniformSchemaVersion)),
            ("query", .object(query)),
            (
                "type",
                .object([
                    ("identifier", .string(r.type.identifier)),
                    ("dynamic", .bool(r.type.isDynamic)),
                    ("supertypes", .array(supertypes.map(JSONValue.string))),
                    ("other_claimants", .array(r.type.alternatives.map { .string(graph.identifier($0)) })),
                ])
            ),
            ("handlers", .array(r.handlers.map { marked(Self.json($0), $0.bundleID) })),
            ("excluded", .array(r.excluded.map { marked(Self.json($0), $0.bundleID) })),
            ("default", .optional(r.defaultHandler)),
            ("previewable", .bool(r.previewable)),
            ("previewed_by", .array(r.previewedBy.map(JSONValue.string))),
            ("notes", .array(r.notes.map(JSONValue.string))),
        ])
    }

    /// A candidate's object with `"context": true` added for a context app (only then, so the
    /// team's answers read as before).
    func marked(_ value: JSONValue, _ bundleID: String) -> JSONValue {
        guard !contextApps.isEmpty, contextApps.contains(bundleID.lowercased()), case .object(let fields) = value else {
            return value
        }
        return .object(fields + [("context", .bool(true))])
    }

    /// Supertypes without the type itself, breadth-first.
    public var supertypes: [String] {
        resolution.type.ancestors.filter { $0.id != resolution.type.id }.map { graph.identifier($0.id) }
    }

    static func json(_ c: Candidate) -> JSONValue {
        .object([
            ("bundle_id", .string(c.bundleID)),
            ("name", .optional(c.appName)),
            ("rank", .string(c.rank.rawValue)),
            ("role", .string(c.role.rawValue)),
            ("match", .string(c.match.rawValue)),
            ("distance", .int(c.distance)),
            ("claim", JSONValue(c.claim)),
            ("claimed_type", .string(c.claimedType)),
            ("path", .array(c.path.map(JSONValue.string))),
            ("reasons", .array(c.reasons.map(JSONValue.string))),
            ("user_default", .bool(c.isUserDefault)),
            ("pinned", .bool(c.isPinned)),
            ("rules", .array(c.touches.map(json))),
        ])
    }

    static func json(_ e: Exclusion) -> JSONValue {
        .object([
            ("bundle_id", .string(e.bundleID)),
            ("reason", .string(e.reason)),
            ("rank", .string(e.rank.rawValue)),
            ("role", .string(e.role.rawValue)),
            ("match", .string(e.match.rawValue)),
            ("distance", .int(e.distance)),
            ("claim", JSONValue(e.claim)),
            ("claimed_type", .string(e.claimedType)),
            ("path", .array(e.path.map(JSONValue.string))),
            ("rules", .array(e.touches.map(json))),
        ])
    }

    static func json(_ t: RuleTouch) -> JSONValue {
        .object([
            ("rule", JSONValue(t.location)), ("action", .string(t.action.description)), ("reason", .optional(t.reason)),
        ])
    }

    // MARK: Text

    /// Whether two platforms got the same answer: the same type, the same handlers in the same
    /// order with the same default, the same exclusions.
    public static func sameAnswer(_ a: ResolutionReport, _ b: ResolutionReport) -> Bool {
        let x = a.resolution, y = b.resolution
        return x.type.identifier == y.type.identifier && x.defaultHandler == y.defaultHandler
            && x.handlers.map(\.bundleID) == y.handlers.map(\.bundleID)
            && x.excluded.map(\.bundleID) == y.excluded.map(\.bundleID)
            && x.notes == y.notes && x.previewable == y.previewable && x.previewedBy == y.previewedBy
            // One bundle id on both platforms is two apps when their claims are in two files.
            && x.handlers.map(\.claim.file) == y.handlers.map(\.claim.file)
    }

    public func text(explain: Bool) -> String {
        let r = resolution
        var lines: [String] = []
        var head = "\(r.query.text) → \(r.type.identifier)"
        if r.type.isDynamic { head += " (dynamic: no declared type claims it)" }
        if let id = r.type.id, let declaration = graph.declaration(id), r.query.target.kind != "uti" || explain {
            head += "  [\(declaration.provenance), \(declaration.location)]"
        }
        lines.append(head)
        let supers = supertypes
        lines.append("  conforms to: " + (supers.isEmpty ? "(nothing)" : supers.joined(separator: ", ")))
        if !r.type.alternatives.isEmpty {
            lines.append(
                "  also claiming this tag (lost the lookup): "
                    + r.type.alternatives.map { graph.identifier($0) }.joined(separator: ", "))
        }
        lines.append("handlers (role \(r.query.role.rawValue)):")
        if r.handlers.isEmpty { lines.append("  (none: no app can open this document)") }
        let width = r.handlers.map(\.bundleID.count).max() ?? 0
        for (n, c) in r.handlers.enumerated() {
            var line = "  \(n + 1). " + c.bundleID.padding(toLength: width, withPad: " ", startingAt: 0)
            line += "  " + c.rank.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            line += c.role.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            line +=
                c.match == .conforms || c.match == .wildcard ? "\(c.match.rawValue) (\(c.distance))" : c.match.rawValue
            var flags: [String] = []
            if c.bundleID == r.defaultHandler { flags.append("default") }
            if c.isUserDefault { flags.append("user default") }
            if c.isPinned { flags.append("pinned") }
            if contextApps.contains(c.bundleID.lowercased()) { flags.append("context") }
            if !flags.isEmpty { line += "  [" + flags.joined(separator: ", ") + "]" }
            lines.append(line)
            if explain {
                lines.append("       claim: \(c.claim)")
                if c.path.count > 1 { lines.append("       path: " + c.path.joined(separator: " → ")) }
                for reason in c.reasons { lines.append("       - \(reason)") }
                for touch in c.touches {
                    lines.append(
                        "       rule \(touch.location): \(touch.action)\(touch.reason.map { " — \($0)" } ?? "")")
                }
            }
        }
        if !r.excluded.isEmpty {
            lines.append("excluded:")
            for e in r.excluded {
                lines.append("  - \(e.bundleID): \(e.reason)")
                if explain {
                    lines.append("       claim: \(e.claim) (\(e.match.rawValue) on \(e.claimedType))")
                    for touch in e.touches {
                        lines.append(
                            "       rule \(touch.location): \(touch.action)\(touch.reason.map { " — \($0)" } ?? "")")
                    }
                }
            }
        }
        for note in r.notes { lines.append("note: \(note)") }
        if let d = r.defaultHandler {
            // iOS keeps no default app per document type (docs/evidence.md §12): say what the word means there.
            lines.append(
                "default: \(d)"
                    + (r.query.platform == .ios
                        ? " (first handler: iOS has no per-type default app; the user picks in Open In)" : ""))
        } else {
            lines.append(
                "default: none" + (r.handlers.isEmpty ? "" : " (only wildcard claims match: the user must choose)"))
        }
        if !r.previewedBy.isEmpty {
            lines.append("previewable: yes (Quick Look preview extension \(r.previewedBy.joined(separator: ", ")))")
        } else {
            lines.append("previewable: \(r.previewable ? "yes (Quick Look)" : "no")")
        }
        // Each line is the tool's; a line break inside one came from input (`ReportText`).
        return lines.map(ReportText.line).joined(separator: "\n")
    }
}
