/// Text and JSON forms of a hand-off (`uniform send`).
public struct HandoffReport {
    public var result: HandoffResult

    public init(_ result: HandoffResult) { self.result = result }

    public var json: JSONValue {
        .object([
            ("schema_version", .int(uniformSchemaVersion)),
            ("accepted", .bool(result.accepted)),
            ("reason", .optional(result.reason)),
            ("url", .optional(result.url)),
            ("source_application", .optional(result.sourceApplication)),
            ("annotation", result.annotation.map(JSONValue.init(plist:)) ?? .null),
            ("open_in_place", .bool(result.openInPlace)),
            ("type", .string(result.resolution.type.identifier)),
            ("platform", .optional(result.platform?.rawValue)),
            ("rules", .array(result.touches.map(ResolutionReport.json))),
            ("notes", .array(result.notes.map(JSONValue.string))),
        ])
    }

    public var text: String {
        let on = result.platform.map { " (on \(PlatformScope.name($0)))" } ?? ""
        guard result.accepted else {
            return ReportText.line("refused\(on): \(result.reason ?? "")")
        }
        var lines = ["accepted\(on): \(result.resolution.type.identifier)"]
        lines.append("  url: \(result.url ?? (result.platform == .macos ? "(the document's own)" : ""))")
        lines.append("  source application: \(result.sourceApplication ?? "")")
        lines.append("  open in place: \(result.openInPlace ? "yes" : "no")")
        if let annotation = result.annotation {
            lines.append("  annotation: " + JSONValue(plist: annotation).rendered(pretty: false))
        } else {
            lines.append("  annotation: (none)")
        }
        for touch in result.touches {
            lines.append("  rule \(touch.location): \(touch.action)\(touch.reason.map { " — \($0)" } ?? "")")
        }
        for note in result.notes { lines.append("  note: \(note)") }
        // Each line is the tool's; a line break inside one came from input (`ReportText`).
        return lines.map(ReportText.line).joined(separator: "\n")
    }
}
