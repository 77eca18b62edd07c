import Foundation
import XCTest

/// Issue 30, item 7: a failed assertion is a JUnit `failure`, an error in the test's own code a
/// JUnit `error`; both at the test's line (plain `assert(false)` included).
final class TestErrorKindTests: XCTestCase {
    func testAssertionsFailAndRuntimeErrorsErr() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try """
        describe("kinds", function()
          it("assertion", function() assert.equal(1, 2) end)
          it("runtime", function() local t = nil; return t.x end)
          it("plain assert", function() assert(false, "nope") end)
        end)

        """.write(to: dir.appendingPathComponent("tests/kind_test.lua"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["test", "--format", "junit"], in: dir)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains(#"tests="3" failures="2" errors="1""#), run.stdout)
        XCTAssertTrue(
            run.stdout.contains(#"<error type="error" message="tests/kind_test.lua:3: attempt to index"#), run.stdout)
        XCTAssertTrue(
            run.stdout.contains(#"<failure type="assertion" message="tests/kind_test.lua:4: nope""#), run.stdout)
    }
}
