import Foundation
import XCTest

/// Issue 30, item 2: a misspelled API function or assertion is an error at the rule's or test's
/// line with the nearest name, not "attempt to call a nil value" or a bare "unknown".
final class TypoHintTests: XCTestCase {
    func testAMisspelledAPIFunctionNamesTheNearest() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try "local ok = true\nuniform.polcy(\"x\", function() end)\n".write(
            to: dir.appendingPathComponent("rules.lua"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["check", "-r", "rules.lua"], in: dir)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "rules.lua:2: uniform.polcy is not part of the uniform API; did you mean uniform.policy?"),
            run.stderr)
        // A name nothing is near gets no guess; the API's own names read as before.
        try "print(type(uniform.resolve), uniform.version ~= nil)\nlocal x = uniform.frobnicate\n".write(
            to: dir.appendingPathComponent("rules.lua"), atomically: true, encoding: .utf8)
        let far = try CLI.run(["check", "-r", "rules.lua"], in: dir)
        XCTAssertTrue((far.stdout + far.stderr).contains("function\ttrue"), far.stdout + far.stderr)
        XCTAssertTrue(
            far.stderr.contains("rules.lua:2: uniform.frobnicate is not part of the uniform API\n"), far.stderr)
    }

    func testAMisspelledAssertionNamesTheNearest() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try """
        describe("typos", function()
          it("first", function()
            assert.opens_frist(".txt", "com.acme.viewer")
          end)
          it("chained", function() assert.is_not.equl(1, 2) end)
        end)

        """.write(to: dir.appendingPathComponent("tests/typo_test.lua"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["test", "tests/typo_test.lua"], in: dir)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "tests/typo_test.lua:3: assert: unknown assertion 'opens_frist'; did you mean 'opens_first'?"),
            run.stdout)
        XCTAssertTrue(
            run.stdout.contains("tests/typo_test.lua:5: assert: unknown assertion 'equl'; did you mean 'equal'?"),
            run.stdout)
    }
}
