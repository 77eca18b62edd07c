import Foundation
import XCTest

/// Policy assertions do not pass on typos: an app, type, rule or extension nothing knows fails
/// with the nearest known name (`cannot_open("x.pdb", "com.sunsetlakesoftware.moleculez")`,
/// `no_reports("foreign-exprot")` and `not_exposed("….molecules.pbd", …)` all passed).
final class StrictAssertionTests: XCTestCase {
    func testTyposFailWithDidYouMean() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("examples/molecules/apps"),
            to: dir.appendingPathComponent("apps"))
        try TestManifest.write("return { manifests = { \"apps\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        try TestManifest.write(
            """
            describe("typos", function()
              it("app", function() assert.cannot_open("x.pdb", "com.sunsetlakesoftware.moleculez") end)
              it("rule", function() assert.no_reports("foreign-exprot") end)
              it("type", function() assert.not_exposed("com.sunsetlakesoftware.molecules.pbd", { "com.sunsetlakesoftware.*" }) end)
              it("extension", function() assert.cannot_open("x.pbd", "com.sunsetlakesoftware.molecules") end)
              it("meant", function() assert.cannot_open("x.pbd", "com.sunsetlakesoftware.molecules", { dynamic = true }) end)
              it("right", function() assert.no_reports("foreign-export") end)
            end)
            """, to: dir, "tests/typos_spec.lua")
        let run = try CLI.run(["test", "--format", "json"], in: dir)
        XCTAssertEqual(run.status, 1, run.stderr)
        let results = try CLI.json(run.stdout)["tests"] as? [[String: Any]] ?? []
        func message(_ name: String) -> String {
            let result = results.first { ($0["path"] as? [String])?.last == name }
            return result?["status"] as? String == "passed" ? "(passed)" : result?["message"] as? String ?? "(missing)"
        }
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
}
