import UniformRules
import XCTest

final class TestTextReporterTests: XCTestCase {
    private func lastLine(_ s: String) -> String {
        XCTAssertTrue(s.hasSuffix("\n"))
        return String(s.dropLast().split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }

    func testLastLineWithSkips() {
        XCTAssertEqual(lastLine(TestTextReporter().report(TestRunFixtures.mixed)), "2 passed, 2 failed, 2 skipped")
    }

    func testLastLineWithoutSkipsCountsErrorsAsFailures() {
        XCTAssertEqual(lastLine(TestTextReporter().report(TestRunFixtures.noSkips)), "1 passed, 2 failed")
    }

    func testLastLineAllPassing() {
        XCTAssertEqual(lastLine(TestTextReporter().report(TestRunFixtures.allPassing)), "2 passed, 0 failed")
        XCTAssertEqual(
            lastLine(TestTextReporter(color: true).report(TestRunFixtures.allPassing)), "2 passed, 0 failed",
            "the last line is never coloured")
    }

    func testLastLineWithCoverageAndNoTests() {
        var run = TestRunFixtures.noSkips
        run.coverage = TestRunFixtures.coverage
        XCTAssertEqual(lastLine(TestTextReporter().report(run)), "1 passed, 2 failed")
        XCTAssertEqual(lastLine(TestTextReporter().report(TestRunFixtures.empty)), "0 passed, 0 failed")
    }

    func testGolden() {
        let expected = """
            .F.ESS

            Failures:

            spec/types_spec.lua:12:3: types › png › has an extension
              expected "png", got nil <&> 100%
              stack traceback:
              \tspec/types_spec.lua:12: in function <spec/types_spec.lua:10>
              output:
                debug: looked up png

            Errors:

            spec/handlers_spec.lua: handlers › rank, default
              rules/handlers.lua:4: attempt to index a nil value

            Skipped:
            spec/handlers_spec.lua: handlers › later (not implemented)
            spec/handlers_spec.lua: handlers › someday

            2 passed, 2 failed, 2 skipped

            """
        XCTAssertEqual(TestTextReporter(showsDuration: false).report(TestRunFixtures.mixed), expected)
    }

    /// Names, files and Lua errors come from test files: each stays on its line, and only a
    /// message the framework laid out (`messageKeepsLines`) keeps its line breaks.
    func testInputStaysOnItsLine() {
        let planted = "x\n::error::forged"
        let raised = TestCaseResult(
            file: "t_test.lua", path: ["d" + planted, "it" + planted], status: .errored,
            message: "t_test.lua:3: " + planted,
            traceback: "stack traceback:\n\tt_test.lua:3: in function <t_test.lua\n::x:1>")
        let asserted = TestCaseResult(
            file: "t_test.lua", path: ["a"], status: .failed, message: "t_test.lua:5: expected: 1\nactual:   2",
            messageKeepsLines: true)
        let text = TestTextReporter(showsDuration: false).report(
            TestRun(results: [raised, asserted], files: ["t_test.lua"]))
        XCTAssertFalse(text.split(separator: "\n").contains { $0.drop(while: \.isWhitespace).hasPrefix("::") }, text)
        XCTAssertTrue(text.contains("t_test.lua: dx\\n::error::forged › itx\\n::error::forged\n"), text)
        XCTAssertTrue(text.contains("\n  t_test.lua:3: x\\n::error::forged\n"), text)
        XCTAssertTrue(text.contains("\n  \tt_test.lua:3: in function <t_test.lua\\n::x:1>\n"), text)
        XCTAssertTrue(text.contains("\n  t_test.lua:5: expected: 1\n  actual:   2\n"), text)
    }

    func testDurationLineIsOptional() {
        XCTAssertTrue(TestTextReporter().report(TestRunFixtures.mixed).contains("Finished in 1.250 seconds\n"))
        XCTAssertFalse(TestTextReporter(showsDuration: false).report(TestRunFixtures.mixed).contains("Finished"))
    }

    func testCoverageTable() {
        var run = TestRunFixtures.allPassing
        run.coverage = TestRunFixtures.coverage
        let expected = """
            Coverage:
            File                Lines  Hit   Cover  Missing
            rules/empty.lua         0    0  100.0%
            rules/handlers.lua      3    3  100.0%
            rules/types.lua         8    4   50.0%  3-5, 9
            Total                  11    7   63.6%

            """
        XCTAssertTrue(
            TestTextReporter(showsDuration: false).report(run).contains(expected),
            TestTextReporter(showsDuration: false).report(run))
    }
}
