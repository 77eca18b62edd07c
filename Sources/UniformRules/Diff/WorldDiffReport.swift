import UniformCore

/// A world diff as text for a pull-request comment and JSON for tools.
public struct WorldDiffReport {
    public var diff: WorldDiff
    public var oldLabel: String
    public var newLabel: String

    public init(_ diff: WorldDiff, old: String, new: String) {
        self.diff = diff
        oldLabel = old
        newLabel = new
    }

    public var text: String {
        var lines = ["uniform diff \(oldLabel) → \(newLabel)"]
        if !diff.typesAdded.isEmpty {
            lines.append("types added (\(diff.typesAdded.count)):")
            lines += diff.typesAdded.map {
                "  + \($0.identifier) (\($0.provenance); conforms to \(Self.list($0.parents)))"
            }
        }
        if !diff.typesRemoved.isEmpty {
            lines.append("types removed (\(diff.typesRemoved.count)):")
            lines += diff.typesRemoved.map { "  - \($0.identifier) (\($0.provenance))" }
        }
        if !diff.reparented.isEmpty {
            lines.append("types re-parented (\(diff.reparented.count)):")
            lines += diff.reparented.map { "  ~ \($0.identifier): \(Self.list($0.before)) → \(Self.list($0.after))" }
        }
        if !diff.redeclared.isEmpty {
            lines.append("types re-declared (\(diff.redeclared.count)):")
            lines += diff.redeclared.map { "  ~ \($0.identifier): \($0.before) → \($0.after)" }
        }
        if !diff.handlerChanges.isEmpty {
            lines.append("handlers changed (\(diff.handlerChanges.count)):")
            for change in diff.handlerChanges {
                let type =
                    change.before.type == change.after.type
                    ? change.after.type : "\(change.before.type) → \(change.after.type)"
                lines.append("  \(change.subject.label) (\(type))")
                lines.append("    before: \(Self.handlers(change.before))")
                lines.append("    after:  \(Self.handlers(change.after))")
                if !change.gained.isEmpty { lines.append("    gained: \(change.gained.joined(separator: ", "))") }
                if !change.lost.isEmpty { lines.append("    lost:   \(change.lost.joined(separator: ", "))") }
                if change.defaultChanged {
                    lines.append(
                        "    default changed: \(change.before.defaultHandler ?? "none") → \(change.after.defaultHandler ?? "none")"
                    )
                }
            }
        }
        if !diff.findingsAdded.isEmpty {
            lines.append("findings added (\(diff.findingsAdded.count)):")
            lines += diff.findingsAdded.map { "  + \(Self.finding($0))" }
        }
        if !diff.findingsRemoved.isEmpty {
            lines.append("findings removed (\(diff.findingsRemoved.count)):")
            lines += diff.findingsRemoved.map { "  - \(Self.finding($0))" }
        }
        let defaults = diff.handlerChanges.filter(\.defaultChanged).count
        lines.append(
            diff.isEmpty
                ? "no changes"
                : "\(diff.typesAdded.count) added, \(diff.typesRemoved.count) removed, \(diff.reparented.count) re-parented"
                    + (diff.redeclared.isEmpty ? "" : ", \(diff.redeclared.count) re-declared") + " types; "
                    + "\(diff.handlerChanges.count) handler change\(diff.handlerChanges.count == 1 ? "" : "s") (\(defaults) default\(defaults == 1 ? "" : "s")); "
                    + "\(diff.findingsAdded.count) new, \(diff.findingsRemoved.count) fixed findings")
        // Names and ids come from the revisions' manifests: each stays on its line.
        return lines.map(ReportText.line).joined(separator: "\n")
    }

    public var json: JSONValue {
        func type(_ t: WorldSnapshot.TypeSummary) -> JSONValue {
            .object([
                ("id", .string(t.identifier)), ("provenance", .string(t.provenance)),
                ("parents", Self.strings(t.parents)),
            ])
        }
        func handlers(_ h: WorldSnapshot.Handlers) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("type", .string(h.type)), ("handlers", Self.strings(h.handlers)),
                ("default", .optional(h.defaultHandler)),
            ]
            if let error = h.error { members.append(("error", .string(error))) }
            return .object(members)
        }
        return .object([
            ("old", .string(oldLabel)),
            ("new", .string(newLabel)),
            ("default_changed", .bool(diff.defaultChanged)),
            ("types_added", .array(diff.typesAdded.map(type))),
            ("types_removed", .array(diff.typesRemoved.map(type))),
            (
                "types_reparented",
                .array(
                    diff.reparented.map {
                        .object([
                            ("id", .string($0.identifier)), ("before", Self.strings($0.before)),
                            ("after", Self.strings($0.after)),
                        ])
                    })
            ),
            (
                "types_redeclared",
                .array(
                    diff.redeclared.map {
                        .object([
                            ("id", .string($0.identifier)), ("before", .string($0.before)),
                            ("after", .string($0.after)),
                        ])
                    })
            ),
            (
                "handlers",
                .array(
                    diff.handlerChanges.map {
                        .object([
                            ("subject", .string($0.subject.label)), ("kind", .string($0.subject.kindName)),
                            ("before", handlers($0.before)), ("after", handlers($0.after)),
                            ("gained", Self.strings($0.gained)), ("lost", Self.strings($0.lost)),
                            ("default_changed", .bool($0.defaultChanged)),
                        ])
                    })
            ),
            ("findings_added", .array(diff.findingsAdded.map(Self.findingJSON))),
            ("findings_removed", .array(diff.findingsRemoved.map(Self.findingJSON))),
        ])
    }

    static func list(_ items: [String]) -> String { items.isEmpty ? "nothing" : items.joined(separator: ", ") }
    static func strings(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }

    /// Handlers best first; the default is starred.
    static func handlers(_ h: WorldSnapshot.Handlers) -> String {
        if let error = h.error { return "error: \(error)" }
        if h.handlers.isEmpty { return "no handler" }
        return h.handlers.map { $0 == h.defaultHandler ? "\($0)*" : $0 }.joined(separator: ", ")
    }

    static func finding(_ f: Finding) -> String {
        "\(f.location.map { "\($0): " } ?? "")\(f.severity.rawValue): \(f.message) [\(f.rule)]"
    }

    static func findingJSON(_ f: Finding) -> JSONValue {
        .object([
            ("rule", .string(f.rule)), ("severity", .string(f.severity.rawValue)), ("message", .string(f.message)),
            ("location", .optional(f.location?.description)), ("subject", .optional(f.subject)),
        ])
    }
}
