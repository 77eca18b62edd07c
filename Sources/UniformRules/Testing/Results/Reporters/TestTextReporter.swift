import Foundation
import UniformCore

/// busted-like terminal output: a line of progress marks (`.` passed, `F` failed, `E`
/// errored, `S` skipped), then each failure with its place, message and traceback, the
/// optional coverage table, and finally the line `N passed, N failed[, N skipped]`, which
/// must stay last (docs/SPEC.md §5: scripts read it). Test names, files, Lua errors and printed output
/// come from the test and rule files: each is shown on its own line (`ReportText`), so none can
/// pass for a line of the report or a CI workflow command.
public struct TestTextReporter: TestReporter {
    public static let name = "text"

    public var color: Bool
    /// Off in golden tests, which cannot depend on timing.
    public var showsDuration: Bool
    /// `--verbose`: what passing tests printed too, not only failing ones' — a test that prints
    /// what it looked at is read while it passes as much as when it fails.
    public var showsPassingOutput: Bool

    public init(color: Bool = false, showsDuration: Bool = true, showsPassingOutput: Bool = false) {
        self.color = color
        self.showsDuration = showsDuration
        self.showsPassingOutput = showsPassingOutput
    }

    public func report(_ run: TestRun) -> String {
        var sections: [String] = []
        if run.results.isEmpty {
            sections.append("No tests found.\n")
        } else {
            sections.append(progress(run.results))
        }
        let printed = run.results.filter { $0.status == .passed && !$0.output.isEmpty }
        if showsPassingOutput, !printed.isEmpty {
            sections.append(
                ANSIStyle.green.apply("Output of passing tests:", enabled: color) + "\n\n"
                    + printed.map(describePassing).joined(separator: "\n"))
        }
        let failures = run.results.filter { $0.status == .failed }
        let errors = run.results.filter { $0.status == .errored }
        if !failures.isEmpty {
            sections.append(
                ANSIStyle.red.apply("Failures:", enabled: color) + "\n\n"
                    + failures.map(describe).joined(separator: "\n"))
        }
        if !errors.isEmpty {
            sections.append(
                ANSIStyle.red.apply("Errors:", enabled: color) + "\n\n" + errors.map(describe).joined(separator: "\n"))
        }
        let skipped = run.results.filter { if case .skipped = $0.status { true } else { false } }
        if !skipped.isEmpty {
            sections.append(
                ANSIStyle.yellow.apply("Skipped:", enabled: color) + "\n" + skipped.map(describeSkip).joined())
        }
        if let coverage = run.coverage { sections.append(CoverageTable(report: coverage).rendered) }

        var tail = ""
        if showsDuration { tail += "Finished in \(String(format: "%.3f", run.duration)) seconds\n" }
        tail += run.counts.summaryLine + "\n"
        sections.append(tail)
        return ReportText.inert(sections.joined(separator: "\n"))
    }

    private func progress(_ results: [TestCaseResult]) -> String {
        var line = ""
        for (index, result) in results.enumerated() {
            if index > 0, index % 80 == 0 { line += "\n" }
            switch result.status {
            case .passed: line += ANSIStyle.green.apply(".", enabled: color)
            case .failed: line += ANSIStyle.red.apply("F", enabled: color)
            case .errored: line += ANSIStyle.red.apply("E", enabled: color)
            case .skipped: line += ANSIStyle.yellow.apply("S", enabled: color)
            }
        }
        return line + "\n"
    }

    /// `file:line: describe › it`, then the message, traceback and captured output indented.
    private func describe(_ result: TestCaseResult) -> String {
        let place = ReportText.line(result.location?.description ?? result.file)
        var out = ANSIStyle.bold.apply("\(place): \(result.shownName)", enabled: color) + "\n"
        out += Self.indented(result.shownMessage ?? "(no message)")
        if let traceback = result.shownTraceback { out += Self.indented(traceback) }
        if !result.output.isEmpty {
            out += "  output:\n" + Self.indented(ReportText.visible(result.output), by: "    ")
        }
        return out
    }

    /// `file:line: describe › it`, then what it printed, indented as under a failure.
    private func describePassing(_ result: TestCaseResult) -> String {
        let place = ReportText.line(result.location?.description ?? result.file)
        return ANSIStyle.bold.apply("\(place): \(result.shownName)", enabled: color) + "\n"
            + Self.indented(ReportText.visible(result.output), by: "    ")
    }

    private func describeSkip(_ result: TestCaseResult) -> String {
        guard case .skipped(let reason) = result.status else { return "" }
        return "\(ReportText.line(result.file)): \(result.shownName)"
            + (reason.map { " (\(ReportText.line($0)))" } ?? "")
            + "\n"
    }

    static func indented(_ text: String, by prefix: String = "  ") -> String {
        var trimmed = Substring(text)
        while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 + "\n" }.joined()
    }
}
