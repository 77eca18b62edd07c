import Foundation
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Self-tests of `uniform test` through the real binary.
final class TestCommandTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = try CLI.temporaryDirectory()
        // The apps live inside the suite's repository: a configuration reads nothing outside it.
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("examples/molecules/apps"),
            to: directory.appendingPathComponent("apps"))
        try write(
            ".uniform.lua",
            """
            return { manifests = { "apps" }, rules = { "rules/policy.lua" }, tests = { "tests" } }
            """)
        try write(
            "rules/policy.lua",
            """
            -- line 1
            uniform.policy("lab", function(query, candidates)
              if query.type == "public.plain-text" then
                candidates:move("com.harborlabs.filebox", 1)
              end
              if query.type == "never.this" then
                error("not covered")
              end
            end)
            """)
        try write(
            "tests/a_test.lua",
            """
            describe("pdb", function()
              it("opens in Molecules #fast", function()
                assert.opens_first(".pdb", "com.sunsetlakesoftware.molecules")
              end)
              it("is wrongly expected elsewhere", function()
                assert.opens_first(".pdb", "com.brightleafapps.textpad")
              end)
              it("loops", function() while true do end end)
              pending("later")
            end)
            it("still runs after the loop", function() assert.equal(2, 1 + 1) end)
            """)
    }

    func write(_ path: String, _ text: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testFailingSuiteNamesTheTestAndLine() throws {
        let result = try CLI.run(["test"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("tests/a_test.lua:6"), result.stdout)
        XCTAssertTrue(result.stdout.contains("pdb › is wrongly expected elsewhere"), result.stdout)
        XCTAssertTrue(result.stdout.contains("instruction limit"), "a looping test fails with a clear message")
        let last = result.stdout.split(separator: "\n").last.map(String.init)
        XCTAssertEqual(last, "2 passed, 2 failed, 1 skipped")
    }

    func testSelectionAndListing() throws {
        let fast = try CLI.run(["test", "--tags", "fast"], in: directory)
        XCTAssertEqual(fast.status, 0, fast.stdout)
        XCTAssertTrue(fast.stdout.hasSuffix("1 passed, 0 failed\n"), fast.stdout)
        let filtered = try CLI.run(["test", "--filter", "still runs"], in: directory)
        XCTAssertTrue(filtered.stdout.hasSuffix("1 passed, 0 failed\n"), filtered.stdout)
        let listed = try CLI.run(["test", "--list"], in: directory)
        XCTAssertTrue(listed.stdout.contains("tests/a_test.lua:2: pdb › opens in Molecules #fast"), listed.stdout)
        XCTAssertTrue(listed.stdout.contains("tests/a_test.lua:9: pdb › later (pending)"), listed.stdout)
    }

    func testErrorInTestFileIsReportedWithLocation() throws {
        try write("tests/b_test.lua", "describe('x', function()\n  it('y', function() end)\nend\n")
        let result = try CLI.run(["test", "tests/b_test.lua"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stdout.contains("tests/b_test.lua:4:") && result.stdout.contains("expected"), result.stdout)
    }

    func testNoTestsFoundFails() throws {
        let empty = try CLI.temporaryDirectory()
        let result = try CLI.run(["test", empty.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("no tests found"), result.stderr)
    }

    func testJUnitOfAFailingRunIsWellFormed() throws {
        let report = directory.appendingPathComponent("out/junit.xml")
        try FileManager.default.createDirectory(
            at: report.deletingLastPathComponent(), withIntermediateDirectories: true)
        let result = try CLI.run(["test", "--format", "text", "--format", "junit:\(report.path)"], in: directory)
        XCTAssertEqual(result.status, 1)
        let data = try Data(contentsOf: report)
        let document = try XMLDocument(data: data)
        let failures = try document.nodes(forXPath: "//testcase/failure")
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(try document.nodes(forXPath: "//testcase/error").count, 1)
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        XCTAssertTrue(names.contains("pdb › is wrongly expected elsewhere"), "\(names)")
        XCTAssertEqual(Set(names).count, names.count, "stable, unique names")
    }

    func testCoverageOfRuleFiles() throws {
        let result = try CLI.run(
            ["test", "--filter", "opens in Molecules", "--coverage", "--format", "json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let json = try CLI.json(result.stdout)
        let coverage = try XCTUnwrap(json["coverage"] as? [String: Any], "\(json.keys)")
        let files = try XCTUnwrap(coverage["files"] as? [[String: Any]])
        let policy = try XCTUnwrap(files.first { ($0["file"] as? String)?.hasSuffix("rules/policy.lua") == true })
        // Lines 2, 3, 6 and 9 run (registration, two ifs, end of chunk); 4 and 7 never do.
        let uncovered = Set((policy["uncovered"] as? [Int]) ?? [])
        XCTAssertEqual(uncovered, [4, 7], "\(policy)")
        let below = try CLI.run(
            ["test", "--filter", "opens in Molecules", "--coverage-threshold", "99"], in: directory)
        XCTAssertEqual(below.status, 1)
        XCTAssertTrue(below.stderr.contains("below the threshold"), below.stderr)
    }
}
