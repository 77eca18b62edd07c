import Foundation
import XCTest

/// `uniform rules` lists what can fire without reading a world (issue 31): it once walked the
/// tree and failed above a malformed project with "not an Xcode project".
final class RulesWithoutWorldTests: XCTestCase {
    func testRulesListsAboveABrokenProject() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write("this is not a project\n", to: dir, "Broken.xcodeproj/project.pbxproj")
        XCTAssertNotEqual(try CLI.run(["resolve", ".txt"], in: dir).status, 0, "the project is broken")
        let list = try CLI.run(["rules"], in: dir)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("duplicate-key "), list.stdout)
        XCTAssertTrue(list.stdout.contains("undeclared-type "), list.stdout)
        XCTAssertEqual(try CLI.run(["rules", "undeclared-type"], in: dir).status, 0)
    }

    /// `--config FILE` shows that configuration's severities and its rule files' checks, still
    /// without reading the manifests it names.
    func testConfigShowsConfiguredSeverities() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write("this is not a project\n", to: dir, "Broken.xcodeproj/project.pbxproj")
        try TestManifest.write("not a plist", to: dir, "App/Info.plist")
        try TestManifest.write(
            """
            uniform.check { id = "acme.no-foo", severity = "note", description = "No foo.", run = function(report) end }
            """, to: dir, "team/acme.lua")
        try TestManifest.write(
            """
            return { manifests = { "App" }, rules = { "acme.lua" },
              severity = { ["undeclared-type"] = "error" }, disable = { "foreign-export" } }

            """, to: dir, "team/policy.lua")
        let list = try CLI.run(["rules", "--config", "team/policy.lua"], in: dir)
        XCTAssertEqual(list.status, 0, list.stderr)
        let lines = list.stdout.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("undeclared-type ") && $0.contains(" error ") }, list.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("foreign-export ") && $0.contains(" off ") }, list.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("acme.no-foo ") && $0.contains("acme.lua:1") }, list.stdout)
        let plain = try CLI.run(["rules"], in: dir)
        XCTAssertTrue(
            plain.stdout.components(separatedBy: "\n").contains {
                $0.hasPrefix("undeclared-type ") && !$0.contains(" error ")
            }, plain.stdout)
    }
}
