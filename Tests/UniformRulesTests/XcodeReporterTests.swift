import UniformCore
import UniformRules
import XCTest

/// `--format xcode`, for a Run Script build phase: one `path:line:col: severity:` line per
/// finding with absolute paths, nothing else.
final class XcodeReporterTests: XCTestCase {
    func testGoldenWithAbsolutePaths() {
        var run = ReporterFixtures.run
        run.workingDirectory = "/nonexistent-src/project"
        let expected = """
            note: type com.example.thing is never used, 50% of types are [types.unused]
            /nonexistent-src/project/Apps/Legacy/Info.plist: warning: duplicate key CFBundleName:\\nthe second value wins (at byte offset 1234) [manifest.duplicate-key]
            /nonexistent-src/project/Apps/Viewer/Info.plist:12:5: error: Handler for <public.png> & co has no rank: 100% sure, really [handler-rank]
            /nonexistent-src/project/Apps/Viewer/Info.plist:30:9: error: Second claim\\u{1} without rank [handler-rank]

            """
        XCTAssertEqual(XcodeReporter().report(run), expected)
    }

    func testNamesThatAreNotFilesStayAsTheyAre() {
        let finding = Finding(
            rule: "catalog", severity: .warning, message: "m",
            location: SourceLocation(file: "<system catalog>", line: 3, column: 1))
        var run = CheckRun(findings: [finding], manifests: [], rules: [], toolVersion: "0")
        run.workingDirectory = "/repo"
        XCTAssertEqual(XcodeReporter().report(run), "<system catalog>:3:1: warning: m [catalog]\n")
    }
}
