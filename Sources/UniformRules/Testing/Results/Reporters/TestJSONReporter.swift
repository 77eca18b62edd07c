import UniformCore

/// Machine-readable test results: every test with its status and details, the counts, and
/// coverage when collected. Keys are always present (null when unknown).
public struct TestJSONReporter: TestReporter {
    public static let name = "json"

    public init() {}

    public func report(_ run: TestRun) -> String {
        let counts = run.counts
        let document = JSONValue.object([
            ("schema_version", .int(uniformSchemaVersion)),
            ("tests", .array(run.results.map(Self.json))),
            (
                "summary",
                .object([
                    ("passed", .int(counts.passed)),
                    ("failed", .int(counts.failed)),
                    ("errored", .int(counts.errored)),
                    ("skipped", .int(counts.skipped)),
                    ("total", .int(counts.total)),
                    ("files", .int(run.files.count)),
                    ("duration", .double(run.duration)),
                ])
            ),
            ("coverage", run.coverage.map(Self.json) ?? .null),
        ])
        return document.rendered() + "\n"
    }

    static func json(_ result: TestCaseResult) -> JSONValue {
        var reason: String?
        if case .skipped(let why) = result.status { reason = why }
        return .object([
            ("file", .string(result.file)),
            ("path", .array(result.path.map(JSONValue.string))),
            ("name", .string(result.displayName)),
            ("status", .string(result.status.keyword)),
            ("message", .optional(result.message)),
            ("skip_reason", .optional(reason)),
            ("location", result.location.map(JSONValue.init) ?? .null),
            ("traceback", .optional(result.traceback)),
            ("duration", .double(result.duration)),
            ("output", .string(result.output)),
        ])
    }

    static func json(_ coverage: CoverageReport) -> JSONValue {
        .object([
            ("percent", .double(coverage.percent)),
            (
                "files",
                .array(
                    coverage.files.map { file in
                        .object([
                            ("file", .string(file.file)),
                            ("percent", .double(file.percent)),
                            ("hit", .int(file.hitCount)),
                            ("lines", .int(file.coverable.count)),
                            ("uncovered", .array(file.uncovered.map(JSONValue.int))),
                            ("uncovered_ranges", .string(file.uncoveredRanges)),
                        ])
                    })
            ),
        ])
    }
}
