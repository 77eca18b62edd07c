import Foundation
import XCTest

/// `uniform rules [ID]` and `uniform claims TAG-OR-TYPE`.
final class RulesAndClaimsCommandTests: XCTestCase {
    func testRulesListsBuiltinStandardAndLoadedRules() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            """
            uniform.check { id = "acme.no-foo", severity = "note", description = "No foo.", example = "<string>foo</string>", run = function(report) end }
            """, to: dir, "acme.lua")
        try TestManifest.write(
            "return { severity = { [\"undeclared-type\"] = \"error\" }, disable = { \"foreign-export\" } }\n", to: dir,
            ".uniform.lua")
        let list = try CLI.run(["rules", "-r", "acme.lua"], in: dir)
        XCTAssertEqual(list.status, 0, list.stderr)
        let lines = list.stdout.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("duplicate-key ") && $0.contains("(built-in)") }, list.stdout)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("undeclared-type ") && $0.contains(" error ") && $0.contains("rules/types.lua:")
            }, list.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("foreign-export ") && $0.contains(" off ") }, list.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("export-loses-extension ") }, list.stdout)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("acme.no-foo ") && $0.contains("acme.lua:1") && $0.contains("No foo.") },
            list.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("suppression.missing-reason ") }, list.stdout)

        let one = try CLI.run(["rules", "acme.no-foo", "-r", "acme.lua"], in: dir)
        XCTAssertEqual(one.status, 0)
        XCTAssertTrue(one.stdout.contains("example: <string>foo</string>"), one.stdout)
        XCTAssertTrue(one.stdout.contains("uniform:ignore acme.no-foo"), one.stdout)

        let json = try CLI.run(["rules", "--format", "json"], in: dir)
        let document = try CLI.json(json.stdout)
        XCTAssertEqual(document["schema_version"] as? Int, 2)
        let rules = try XCTUnwrap(document["rules"] as? [[String: Any]])
        XCTAssertTrue(
            rules.contains {
                $0["id"] as? String == "exposed-private-type"
                    && ($0["defined_at"] as? String)?.hasPrefix("rules/exposure.lua") == true
            })

        let unknown = try CLI.run(["rules", "undeclared-typo"], in: dir)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'undeclared-type'"), unknown.stderr)
    }

    /// Molecules (iOS) and LibreOffice (macOS) both declare a `.pdb` type: each platform is its
    /// own world, so they never compete (they did before worlds were split by platform).
    /// Every standard check names the Apple documentation (or App Store Connect message) its
    /// claim rests on, and `uniform rules ID` shows it.
    func testEveryStandardCheckCitesItsSource() throws {
        let json = try CLI.json(try CLI.run(["rules", "--format", "json"]).stdout)
        let rules = try XCTUnwrap(json["rules"] as? [[String: Any]])
        let standard = rules.filter { ($0["defined_at"] as? String)?.hasPrefix("rules/") == true }
        XCTAssertGreaterThanOrEqual(standard.count, 16)
        for rule in standard {
            XCTAssertFalse(((rule["source"] as? String) ?? "").isEmpty, "\(rule["id"] ?? "?") names no source")
        }
        XCTAssertTrue(try CLI.run(["rules", "missing-handler-rank"]).stdout.contains("source: Apple, LSHandlerRank"))
    }

    func testClaimsOfPDBListMoleculesAndLibreOfficeWithTheirApps() throws {
        let plists = try CLI.shared("realworld/plists")
        let run = try CLI.run(["claims", ".pdb", "-m", plists])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "on iOS:\n.pdb: 2 types claim it; the lookup picks com.sunsetlakesoftware.molecules.pdb"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains("on macOS:\n.pdb: 1 type claims it; the lookup picks org.libreoffice.pdb-document"),
            run.stdout)
        let json = try CLI.json(try CLI.run(["claims", ".pdb", "-m", plists, "--format", "json"]).stdout)
        let byPlatform = try XCTUnwrap(json["by_platform"] as? [String: [String: Any]])
        func types(_ platform: String) throws -> [String: [String: Any]] {
            let list = try XCTUnwrap(byPlatform[platform]?["types"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as! String, $0) })
        }
        let molecules = try XCTUnwrap(try types("ios")["com.sunsetlakesoftware.molecules.pdb"])
        let builder = try XCTUnwrap(try types("ios")["hssong.chemistry.imolebuilder.pdb"])
        let libre = try XCTUnwrap(try types("macos")["org.libreoffice.pdb-document"])
        XCTAssertEqual(molecules["wins"] as? Bool, true)
        XCTAssertEqual(builder["wins"] as? Bool, false)
        XCTAssertTrue((builder["reason"] as? String)?.contains("loses to com.sunsetlakesoftware.molecules.pdb") == true)
        XCTAssertEqual(libre["wins"] as? Bool, true)
        XCTAssertNil(
            try types("macos")["com.sunsetlakesoftware.molecules.pdb"], "an iOS declaration is not in the Mac world")
        func apps(_ entry: [String: Any]) -> [String] {
            (entry["claimed_by"] as? [[String: Any]] ?? []).compactMap { $0["app"] as? String }
        }
        XCTAssertTrue(apps(molecules).contains { $0.contains("molecules") }, "\(apps(molecules))")
        XCTAssertTrue(apps(libre).contains { $0.contains("libreoffice") }, "\(apps(libre))")
        XCTAssertTrue((libre["declared_by"] as? [String])?.contains { $0.contains("libreoffice") } == true)
    }

    func testClaimsOfATypeMapsItsTagsAndRejectsNonsense() throws {
        let run = try CLI.run(["claims", "com.sunsetlakesoftware.molecules.pdb", "-m", "examples/molecules/apps"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains(".pdb: 1 type claims it"), run.stdout)
        XCTAssertTrue(run.stdout.contains("chemical/x-pdb: 1 type claims it"), run.stdout)
        XCTAssertTrue(run.stdout.contains("claimed by: com.sunsetlakesoftware.molecules (Owner, Viewer)"), run.stdout)
        let bad = try CLI.run(["claims", "nonsense", "-m", "examples/molecules/apps"])
        XCTAssertEqual(bad.status, 2)
    }
}
