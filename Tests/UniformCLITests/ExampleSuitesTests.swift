import Foundation
import XCTest

/// The worked examples in `examples/` are tutorials *and* CI fixtures: each one has a
/// `.uniform.lua`, rule files and a `*_test.lua` policy suite, run here with the real binary
/// from the example's own directory (where `uniform` finds its `.uniform.lua`).
final class ExampleSuitesTests: XCTestCase {
    static let examples = ["molecules", "sysstats", "docinteraction", "document-app"]

    static func directory(_ name: String) -> URL {
        CLI.packageRoot.appendingPathComponent("examples").appendingPathComponent(name)
    }

    /// The last non-empty line of a text report.
    static func lastLine(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    }

    /// `N` from a summary line `N passed, 0 failed[, N skipped]`, or nil when it does not match.
    static func passedCount(_ line: String) -> Int? {
        guard let regex = try? NSRegularExpression(pattern: #"^(\d+) passed, 0 failed(, \d+ skipped)?$"#),
            let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
            let range = Range(match.range(at: 1), in: line)
        else { return nil }
        return Int(line[range])
    }

    /// A release's source tarball, `git archive`, a CI cache: no `.git` anywhere. Each
    /// example's suite reads `../conforming`-style fixtures inside the example's folder, the
    /// folder holding its `.uniform.lua` (they were refused as "outside the repository" when
    /// the boundary was taken from the test file's folder).
    func testExampleSuitesPassOutsideAGitWorkTree() throws {
        let copy = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: copy) }
        let examples = copy.appendingPathComponent("examples")
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("examples"), to: examples)
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.appendingPathComponent(".git").path))
        for directory in [examples] + Self.examples.map({ examples.appendingPathComponent($0) }) {
            let result = try CLI.run(["test"], in: directory)
            XCTAssertEqual(result.status, 0, "\(directory.lastPathComponent):\n\(result.stdout)\n\(result.stderr)")
            XCTAssertNotNil(Self.passedCount(Self.lastLine(result.stdout)), result.stdout)
        }
    }

    func testEveryExampleSuitePasses() throws {
        var total = 0
        for name in Self.examples {
            let dir = Self.directory(name)
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: dir.appendingPathComponent(".uniform.lua").path),
                "\(name) has no .uniform.lua")
            let result = try CLI.run(["test"], in: dir)
            XCTAssertEqual(
                result.status, 0, "uniform test failed in examples/\(name):\n\(result.stdout)\n\(result.stderr)")
            let last = Self.lastLine(result.stdout)
            guard let passed = Self.passedCount(last) else {
                XCTFail(
                    "examples/\(name): the report should end with 'N passed, 0 failed', got \(last.debugDescription)\n\(result.stdout)\n\(result.stderr)"
                )
                continue
            }
            XCTAssertGreaterThan(passed, 0, "examples/\(name) ran no tests")
            total += passed
        }
        XCTAssertGreaterThanOrEqual(total, 30, "the example suites should hold at least 30 tests together")
    }

    func testEveryExampleChecksWithASummary() throws {
        for name in Self.examples {
            let result = try CLI.run(["check"], in: Self.directory(name))
            XCTAssertTrue(
                result.status == 0 || result.status == 1,
                "uniform check in examples/\(name) exited \(result.status) (2 is a usage or input error):\n\(result.stderr)"
            )
            let last = Self.lastLine(result.stdout)
            XCTAssertTrue(
                last.range(
                    of: #"^\d+ errors?, \d+ warnings?, \d+ notes? in \d+ manifests?$"#, options: .regularExpression)
                    != nil,
                "examples/\(name): check should end with a summary, got \(last.debugDescription)\n\(result.stdout)\n\(result.stderr)"
            )
            XCTAssertFalse(
                result.stdout.contains("[rule-error]"), "examples/\(name): a rule failed to run:\n\(result.stdout)")
        }
    }

    func testJUnitReportOfAnExampleSuite() throws {
        let tmp = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let report = tmp.appendingPathComponent("x.xml")
        let result = try CLI.run(["test", "--format", "junit:\(report.path)"], in: Self.directory("molecules"))
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let xml = try String(contentsOf: report, encoding: .utf8)
        XCTAssertTrue(xml.contains("<testsuite"), xml)
    }
}
