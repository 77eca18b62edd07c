import UniformCore

/// The documented, stable JSON of `uniform check` (docs/SPEC.md §5), for scripts.
///
/// Every key is always present (null when unknown) so consumers need no existence checks.
public struct JSONReporter: FindingReporter {
    public static let name = "json"

    public init() {}

    public func report(_ run: CheckRun) -> String {
        let counts = run.counts
        let document = JSONValue.object([
            ("schema_version", .int(uniformSchemaVersion)),
            ("findings", .array(run.findings.map(Self.json))),
            (
                "summary",
                .object([
                    ("errors", .int(counts.errors)),
                    ("warnings", .int(counts.warnings)),
                    ("notes", .int(counts.notes)),
                    ("manifests", .int(run.manifests.count)),
                    ("total", .int(counts.total)),
                ])
            ),
        ])
        return document.rendered() + "\n"
    }

    static func json(_ finding: Finding) -> JSONValue {
        .object([
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("file", .optional(finding.location?.file)),
            ("line", .optional(finding.location?.line)),
            ("column", .optional(finding.location?.column)),
            ("offset", .optional(finding.location?.offset)),
            ("subject", .optional(finding.subject)),
            (
                "related",
                .array(
                    finding.related.map { place in
                        .object([
                            ("file", .string(place.file)), ("line", .optional(place.line)),
                            ("column", .optional(place.column)),
                        ])
                    })
            ),
        ])
    }
}
