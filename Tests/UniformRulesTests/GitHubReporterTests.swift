import UniformCore
import UniformRules
import XCTest

final class GitHubReporterTests: XCTestCase {
    func testGolden() {
        let expected = """
            ::notice title=types.unused::type com.example.thing is never used, 50%25 of types are
            ::warning file=Apps/Legacy/Info.plist,title=manifest.duplicate-key::duplicate key CFBundleName:%0Athe second value wins (at byte offset 1234)
            ::error file=Apps/Viewer/Info.plist,line=12,col=5,title=handler-rank::Handler for <public.png> & co has no rank: 100%25 sure, really
            ::error file=Apps/Viewer/Info.plist,line=30,col=9,title=handler-rank::Second claim\\u{1} without rank

            """
        XCTAssertEqual(GitHubReporter().report(ReporterFixtures.run), expected)
    }

    func testPropertyEscapingAndRelativePaths() {
        let finding = Finding(
            rule: "odd:rule,name", severity: .warning, message: "a%b\r\nc",
            location: SourceLocation(file: "/repo/dir,with:odd%/Info.plist", line: 1, column: 2))
        let run = CheckRun(findings: [finding], manifests: [], rules: [], toolVersion: "0", baseDirectory: "/repo")
        XCTAssertEqual(
            GitHubReporter().report(run),
            "::warning file=dir%2Cwith%3Aodd%25/Info.plist,line=1,col=2,title=odd%3Arule%2Cname::a%25b%0D%0Ac\n")
    }

    func testCleanRunPrintsNothing() {
        XCTAssertEqual(GitHubReporter().report(ReporterFixtures.cleanRun), "")
    }
}
