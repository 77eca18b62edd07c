import Foundation

/// JUnit XML for CI test dashboards: one suite per test file, `classname` the file and
/// `name` the `describe › it` path, so a test keeps its history across runs.
public struct TestJUnitReporter: TestReporter {
    public static let name = "junit"

    public init() {}

    public func report(_ run: TestRun) -> String {
        let byFile = Dictionary(grouping: run.results, by: \.file)
        var files = run.files
        for result in run.results where !files.contains(result.file) { files.append(result.file) }
        let counts = run.counts

        var xml = XMLWriter()
        xml.start(
            "testsuites",
            [
                ("name", "uniform test"),
                ("tests", String(counts.total)),
                ("failures", String(counts.failed - counts.errored)),
                ("errors", String(counts.errored)),
                // (no `skipped` here: the junit-10 schema CI viewers validate against has it only
                // on <testsuite>)
                ("time", Self.seconds(run.duration)),
            ])
        for file in files {
            let results = byFile[file] ?? []
            let fileCounts = TestCounts(results)
            xml.start(
                "testsuite",
                [
                    ("name", file),
                    ("tests", String(fileCounts.total)),
                    ("failures", String(fileCounts.failed - fileCounts.errored)),
                    ("errors", String(fileCounts.errored)),
                    ("skipped", String(fileCounts.skipped)),
                    ("time", Self.seconds(results.reduce(0) { $0 + $1.duration })),
                ])
            var names = UniqueNames()
            for result in results {
                xml.start(
                    "testcase",
                    [
                        ("classname", file), ("name", names.claim(result.displayName)),
                        ("time", Self.seconds(result.duration)),
                    ])
                switch result.status {
                case .passed: break
                case .failed:
                    xml.element(
                        "failure", [("type", "assertion"), ("message", result.message ?? "failed")],
                        text: Self.details(result))
                case .errored:
                    xml.element(
                        "error", [("type", "error"), ("message", result.message ?? "error")], text: Self.details(result)
                    )
                case .skipped(let reason): xml.element("skipped", [("message", reason)])
                }
                if !result.output.isEmpty { xml.element("system-out", text: result.output) }
                xml.end()
            }
            xml.end()
        }
        xml.end()
        return xml.output
    }

    static func details(_ result: TestCaseResult) -> String {
        var text = result.message ?? ""
        if let location = result.location { text += "\nat \(location)" }
        if let traceback = result.traceback, !traceback.isEmpty { text += "\n" + traceback }
        return text
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}
