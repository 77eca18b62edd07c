import Foundation
import XCTest

/// Issue 30, item 4: what Launch Services alone answers, beside the team's answer, from the
/// command line, from Lua and in test assertions.
final class NoPoliciesTests: XCTestCase {
    /// The molecules policy drops the generic file viewer for `.pdb`; without policies it is back.
    func testResolveWithoutPolicies() throws {
        let args = ["resolve", ".pdb", "-m", "examples/molecules/apps", "-r", "examples/molecules/rules/molecules.lua"]
        let team = try CLI.run(args)
        XCTAssertEqual(team.status, 0, team.stderr)
        XCTAssertFalse(team.stdout.contains("3. com.harborlabs.filebox"), team.stdout)
        let system = try CLI.run(args + ["--no-policies"])
        XCTAssertEqual(system.status, 0, system.stderr)
        XCTAssertTrue(system.stdout.contains("3. com.harborlabs.filebox"), system.stdout)
    }

    func testLuaAndAssertionsTakePoliciesFalse() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let molecules = CLI.packageRoot.appendingPathComponent("examples/molecules")
        try FileManager.default.copyItem(
            at: molecules.appendingPathComponent("apps"), to: dir.appendingPathComponent("apps"))
        try FileManager.default.copyItem(
            at: molecules.appendingPathComponent("rules"), to: dir.appendingPathComponent("rules"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try "return { manifests = { \"apps\" }, rules = { \"rules/molecules.lua\" }, tests = { \"tests\" } }\n".write(
            to: dir.appendingPathComponent(".uniform.lua"), atomically: true, encoding: .utf8)
        try """
        describe("pdb", function()
          it("the team's answer and the system's", function()
            assert.handlers(".pdb", { "com.sunsetlakesoftware.molecules", "com.brightleafapps.textpad" })
            assert.handlers(".pdb", { "com.sunsetlakesoftware.molecules", "com.brightleafapps.textpad",
                                      "com.harborlabs.filebox" }, { policies = false })
            local r = uniform.resolve(".pdb", { policies = false })
            assert.equal("com.harborlabs.filebox", r.handlers[3].bundle_id)
          end)
        end)

        """.write(to: dir.appendingPathComponent("tests/pdb_test.lua"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["test"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("1 passed, 0 failed"), run.stdout)
    }
}
