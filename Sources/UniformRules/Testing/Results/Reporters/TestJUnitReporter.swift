import Foundation
import UniformCore

/// JUnit XML for CI test dashboards: one suite per test file, `classname` the file and
/// `name` the `describe › it` path, so a test keeps its history across runs. Names, files,
/// messages and output come from the test and rule files: in names and text each piece is on
/// one line (`ReportText`), as in the text report; `message` attributes keep the message as it
/// is (line breaks as `&#10;`).
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
            let fileName = ReportText.line(file)
            let fileCounts = TestCounts(results)
            xml.start(
                "testsuite",
                [
                    ("name", fileName),
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
                        ("classname", fileName), ("name", names.claim(result.shownName)),
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
                        "error", [("type", "error"), ("message", result.message ?? "error")],
                        text: Self.details(result))
                case .skipped(let reason): xml.element("skipped", [("message", reason)])
                }
                if !result.output.isEmpty { xml.element("system-out", text: ReportText.visible(result.output)) }
                xml.end()
            }
            xml.end()
        }
        xml.end()
        return xml.output
    }

    static func details(_ result: TestCaseResult) -> String {
        var text = result.shownMessage ?? ""
        if let location = result.location { text += "\nat \(ReportText.line(location.description))" }
        if let traceback = result.shownTraceback { text += "\n" + traceback }
        return text
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}
