import UniformCore
import UniformRules
import XCTest

final class TAPReporterTests: XCTestCase {
    func testGolden() {
        let expected = """
            TAP version 13
            1..4
            not ok 1 - [types.unused] type com.example.thing is never used, 50% of types are # TODO note
              ---
              rule: "types.unused"
              severity: "note"
              message: "type com.example.thing is never used, 50% of types are"
              file: null
              line: null
              column: null
              offset: null
              subject: null
              ...
            not ok 2 - Apps/Legacy/Info.plist@1234: [manifest.duplicate-key] duplicate key CFBundleName:\\\\nthe second value wins # TODO warning (fails only with --strict)
              ---
              rule: "manifest.duplicate-key"
              severity: "warning"
              message: "duplicate key CFBundleName:\\nthe second value wins"
              file: "Apps/Legacy/Info.plist"
              line: null
              column: null
              offset: 1234
              subject: "CFBundleName"
              ...
            not ok 3 - Apps/Viewer/Info.plist:12:5: [handler-rank] Handler for <public.png> & co has no rank: 100% sure, really
              ---
              rule: "handler-rank"
              severity: "error"
              message: "Handler for <public.png> & co has no rank: 100% sure, really"
              file: "Apps/Viewer/Info.plist"
              line: 12
              column: 5
              offset: null
              subject: "public.png"
              ...
            not ok 4 - Apps/Viewer/Info.plist:30:9: [handler-rank] Second claim\\\\u{1} without rank
              ---
              rule: "handler-rank"
              severity: "error"
              message: "Second claim\\u0001 without rank"
              file: "Apps/Viewer/Info.plist"
              line: 30
              column: 9
              offset: null
              subject: "public.png"
              ...

            """
        XCTAssertEqual(TAPReporter().report(ReporterFixtures.run), expected)
    }

    /// Under --strict a warning fails the run, so it is a plain `not ok`.
    func testWarningsAreTODOUnlessStrict() {
        var strict = ReporterFixtures.run
        strict.strict = true
        let lines = TAPReporter().report(strict).split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("not ok 2 - ") && !$0.contains("# TODO") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("not ok 1 - ") && $0.hasSuffix("# TODO note") })
    }

    func testWellFormed() {
        assertWellFormedTAP(TAPReporter().report(ReporterFixtures.run))
        assertWellFormedTAP(TAPReporter().report(ReporterFixtures.cleanRun))
    }

    func testCleanRun() {
        XCTAssertEqual(
            TAPReporter().report(ReporterFixtures.cleanRun), "TAP version 13\n1..1\nok 1 - no findings in 1 manifest\n")
    }

    func testHashInDescriptionIsEscaped() {
        let finding = Finding(rule: "r", severity: .error, message: "issue #12 again", location: nil)
        let out = TAPReporter().report(CheckRun(findings: [finding], manifests: [], rules: [], toolVersion: "0"))
        XCTAssertTrue(out.contains("not ok 1 - [r] issue \\#12 again\n"))
    }
}

/// A TAP 13 shape check: version line, a plan matching the number of test lines, test lines
/// numbered in order, and YAML blocks opened and closed at two spaces.
func assertWellFormedTAP(_ tap: String, file: StaticString = #filePath, line: UInt = #line) {
    var lines = tap.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.last, "", "ends with a newline", file: file, line: line)
    lines.removeLast()
    XCTAssertEqual(lines.first, "TAP version 13", file: file, line: line)
    guard lines.count > 1, lines[1].hasPrefix("1..") else { return XCTFail("no plan", file: file, line: line) }
    let planned = Int(lines[1].dropFirst(3).prefix { $0.isNumber }) ?? -1
    var number = 0
    var inYAML = false
    for text in lines.dropFirst(2) {
        if inYAML {
            if text == "  ..." {
                inYAML = false
            } else {
                XCTAssertTrue(text.hasPrefix("  "), text, file: file, line: line)
            }
        } else if text == "  ---" {
            inYAML = true
        } else {
            number += 1
            XCTAssertTrue(
                text.hasPrefix("ok \(number) ") || text.hasPrefix("not ok \(number) "), text, file: file, line: line)
        }
    }
    XCTAssertFalse(inYAML, "YAML block closed", file: file, line: line)
    XCTAssertEqual(number, planned, file: file, line: line)
}
