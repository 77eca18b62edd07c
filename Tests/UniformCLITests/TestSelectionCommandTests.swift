import Foundation
import XCTest

/// `uniform test FILE:LINE` and `--filter-out` (issue 30, item 7 in part).
final class TestSelectionCommandTests: XCTestCase {
    private func suite() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try """
        describe("group", function()
          it("one", function()
            assert.is_true(true)
          end)
          it("two", function()
            assert.is_true(false)
          end)
          it("three", function()
            assert.is_true(true)
          end)
        end)

        """.write(to: dir.appendingPathComponent("tests/sel_test.lua"), atomically: true, encoding: .utf8)
        return dir
    }

    private func listed(_ arguments: [String], in dir: URL) throws -> [String] {
        let run = try CLI.run(["test", "--list"] + arguments, in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n").map(String.init)
    }

    func testALineSelectsTheTestThatStartsThereOrHoldsIt() throws {
        let dir = try suite()
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertEqual(try listed(["tests/sel_test.lua:5"], in: dir), ["tests/sel_test.lua:5: group › two"])
        XCTAssertEqual(try listed(["tests/sel_test.lua:9"], in: dir), ["tests/sel_test.lua:8: group › three"])
        XCTAssertEqual(
            try listed(["tests/sel_test.lua:3", "tests/sel_test.lua:8"], in: dir),
            ["tests/sel_test.lua:2: group › one", "tests/sel_test.lua:8: group › three"])
        // Running one line runs that test alone: the failing one passes by being left out.
        XCTAssertEqual(try CLI.run(["test", "tests/sel_test.lua:3"], in: dir).status, 0)
        XCTAssertEqual(try CLI.run(["test", "tests/sel_test.lua:6"], in: dir).status, 1)
        // A line before every test selects nothing, and says so (never a green run over nothing).
        let none = try CLI.run(["test", "tests/sel_test.lua:1"], in: dir)
        XCTAssertEqual(none.status, 1, none.stdout)
        XCTAssertTrue(none.stderr.contains("no test starts at or contains tests/sel_test.lua:1"), none.stderr)
    }

    func testFilterOutSkipsMatchingTests() throws {
        let dir = try suite()
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertEqual(
            try listed(["--filter-out", "two"], in: dir),
            ["tests/sel_test.lua:2: group › one", "tests/sel_test.lua:8: group › three"])
        XCTAssertEqual(try CLI.run(["test", "--filter-out", "two"], in: dir).status, 0)
    }
}
