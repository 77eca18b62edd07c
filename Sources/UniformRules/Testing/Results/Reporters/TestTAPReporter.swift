import UniformCore

/// TAP 13: `ok`/`not ok` per test, `# SKIP` for skipped ones, YAML diagnostics for failures.
public struct TestTAPReporter: TestReporter {
    public static let name = "tap"

    public init() {}

    public func report(_ run: TestRun) -> String {
        var out = "TAP version 13\n"
        guard !run.results.isEmpty else { return out + "1..0 # SKIP no tests found\n" }
        out += "1..\(run.results.count)\n"
        for (index, result) in run.results.enumerated() {
            let description = TAPText.description("\(result.file): \(result.displayName)")
            switch result.status {
            case .passed:
                out += "ok \(index + 1) - \(description)\n"
            case .skipped(let reason):
                out +=
                    "ok \(index + 1) - \(description) # SKIP" + (reason.map { " " + TAPText.description($0) } ?? "")
                    + "\n"
            case .failed, .errored:
                out += "not ok \(index + 1) - \(description)\n"
                out += TAPText.diagnostics([
                    ("status", .string(result.status.keyword)),
                    ("message", .optional(result.message)),
                    ("file", .string(result.location?.file ?? result.file)),
                    ("line", .optional(result.location?.line)),
                    ("traceback", .optional(result.traceback)),
                    ("output", .string(result.output)),
                ])
            }
        }
        return ReportText.inert(out)
    }
}
