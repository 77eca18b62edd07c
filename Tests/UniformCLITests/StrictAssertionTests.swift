import Foundation
import XCTest

/// Policy assertions do not pass on typos: an app, type, rule or extension nothing knows fails
/// with the nearest known name (`cannot_open("x.pdb", "com.sunsetlakesoftware.moleculez")`,
/// `no_reports("foreign-exprot")` and `not_exposed("….molecules.pbd", …)` all passed).
final class StrictAssertionTests: XCTestCase {
    /// Runs `spec` as a test file in a copy of the molecules world (the run must fail) and
    /// returns each test's failure message by name, "(passed)" or "(missing)".
    private func messages(of file: String, _ spec: String) throws -> (String) -> String {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("examples/molecules/apps"),
            to: dir.appendingPathComponent("apps"))
        try TestManifest.write("return { manifests = { \"apps\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        try TestManifest.write(spec, to: dir, file)
        let run = try CLI.run(["test", "--format", "json"], in: dir)
        XCTAssertEqual(run.status, 1, run.stderr)
        let results = try CLI.json(run.stdout)["tests"] as? [[String: Any]] ?? []
        return { name in
            let result = results.first { ($0["path"] as? [String])?.last == name }
            return result?["status"] as? String == "passed" ? "(passed)" : result?["message"] as? String ?? "(missing)"
        }
    }

    func testTyposFailWithDidYouMean() throws {
        let message = try messages(
            of: "tests/typos_spec.lua",
            """
            describe("typos", function()
              it("app", function() assert.cannot_open("x.pdb", "com.sunsetlakesoftware.moleculez") end)
              it("rule", function() assert.no_reports("foreign-exprot") end)
              it("type", function() assert.not_exposed("com.sunsetlakesoftware.molecules.pbd", { "com.sunsetlakesoftware.*" }) end)
              it("extension", function() assert.cannot_open("x.pbd", "com.sunsetlakesoftware.molecules") end)
              it("meant", function() assert.cannot_open("x.pbd", "com.sunsetlakesoftware.molecules", { dynamic = true }) end)
              it("right", function() assert.no_reports("foreign-export") end)
            end)
            """)
        XCTAssertTrue(message("app").contains("did you mean \"com.sunsetlakesoftware.molecules\""), message("app"))
        XCTAssertTrue(
            message("rule").contains("no rule \"foreign-exprot\"")
                && message("rule").contains("did you mean \"foreign-export\""), message("rule"))
        XCTAssertTrue(
            message("type").contains("did you mean \"com.sunsetlakesoftware.molecules.pdb\""), message("type"))
        XCTAssertTrue(message("extension").contains("no declared type has its extension"), message("extension"))
        XCTAssertEqual(message("meant"), "(passed)")
        XCTAssertEqual(message("right"), "(passed)")
    }

    /// Wrong shapes a newcomer wrote for NetNewsWire's suite: each fails at the test's line with
    /// what to write, not an error inside the framework (`uniform.test:645`).
    func testWrongShapesFailAtTheTestsLineWithTheFix() throws {
        let message = try messages(
            of: "tests/shapes_spec.lua",
            """
            local T = "com.sunsetlakesoftware.molecules.pdb"
            describe("shapes", function()
              it("inside as options", function() assert.not_exposed(T, { inside = { "com.x.*" } }) end)
              it("no rule", function() assert.reports() end)
              it("no finding at all", function() assert.no_reports() end)
              it("fixture typo", function() fixture.declare_app { id = "com.x.y" } end)
              it("fixture near", function() fixture.remove_app("com.x") end)
            end)
            """)
        XCTAssertTrue(
            message("inside as options").hasPrefix(
                "tests/shapes_spec.lua:3: assert.not_exposed: the second argument is the apps inside, a bundle-id pattern or a list of them"
            ), message("inside as options"))
        XCTAssertTrue(message("no rule").hasPrefix("tests/shapes_spec.lua:4: give a rule id"), message("no rule"))
        // The molecules world has findings: each is named with its place and rule.
        let none = message("no finding at all")
        XCTAssertTrue(none.hasPrefix("tests/shapes_spec.lua:5: expected no finding, found "), none)
        XCTAssertTrue(none.contains("apps/") && none.contains("["), none)
        XCTAssertTrue(
            message("fixture typo").hasPrefix(
                "tests/shapes_spec.lua:6: fixture.declare_app is not part of fixture; did you mean uniform.declare_app?"
            ),
            message("fixture typo"))
        XCTAssertTrue(
            message("fixture near").contains(
                "fixture.remove_app is not part of fixture; did you mean fixture.remove_apps?"),
            message("fixture near"))
    }
}
