import UniformRules
import XCTest

final class TextReporterTests: XCTestCase {
    func testGoldenPlainOutput() {
        let expected = """
            note: type com.example.thing is never used, 50% of types are [types.unused]
            Apps/Legacy/Info.plist: warning: duplicate key CFBundleName:\\nthe second value wins (at byte offset 1234) [manifest.duplicate-key]
            Apps/Viewer/Info.plist:12:5: error: Handler for <public.png> & co has no rank: 100% sure, really [handler-rank]
            Apps/Viewer/Info.plist:30:9: error: Second claim\\u{1} without rank [handler-rank]
            2 errors, 1 warning, 1 note in 3 manifests

            """
        XCTAssertEqual(TextReporter(color: false).report(ReporterFixtures.run), expected)
    }

    func testCleanRunSummary() {
        XCTAssertEqual(
            TextReporter().report(ReporterFixtures.cleanRun), "0 errors, 0 warnings, 0 notes in 1 manifest\n")
    }

    func testColourWrapsOnlyTheSeverity() {
        let out = TextReporter(color: true).report(ReporterFixtures.run)
        XCTAssertTrue(out.contains("Apps/Viewer/Info.plist:12:5: \u{1B}[1;31merror:\u{1B}[0m Handler"))
        XCTAssertTrue(out.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        XCTAssertTrue(out.contains("\u{1B}[1;36mnote:\u{1B}[0m"))
        XCTAssertFalse(TextReporter(color: false).report(ReporterFixtures.run).contains("\u{1B}"))
    }

    func testShouldColorHonoursNoColorAndTTY() throws {
        // A pipe is never a terminal.
        let pipe = Pipe()
        XCTAssertFalse(
            TextReporter.shouldColor(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor, environment: [:]))
        XCTAssertFalse(
            TextReporter.shouldColor(
                fileDescriptor: pipe.fileHandleForWriting.fileDescriptor, environment: ["NO_COLOR": "1"]))
        // NO_COLOR wins even on a terminal, if one is attached to this process.
        for fd: Int32 in [0, 1, 2] {
            XCTAssertFalse(TextReporter.shouldColor(fileDescriptor: fd, environment: ["NO_COLOR": "1"]))
            XCTAssertFalse(TextReporter.shouldColor(fileDescriptor: fd, environment: ["TERM": "dumb"]))
        }
    }
}
