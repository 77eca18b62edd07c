import Foundation
import UniformCore
import UniformLua
import UniformRules
import XCTest

/// Host functions whose work grows with their arguments charge it to the calling rule's budget:
/// `uniform.edit_distance` on two 150k strings once ran 31 s in one call, under no limit.
final class HostWorkLimitTests: XCTestCase {
    func engine(_ rules: String) throws -> RuleEngine {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let loaded = ManifestLoader().load([root.appendingPathComponent("examples/molecules/apps").path])
        let engine = RuleEngine(inputs: WorldInputs(manifests: loaded.manifests), output: { _ in })
        try engine.load(source: rules, chunkName: "rules/attack.lua")
        return engine
    }

    func testEditDistanceAndSimilarTypesAreCharged() throws {
        let e = try engine(
            """
            uniform.check { id = "distance", run = function()
              return uniform.edit_distance(string.rep("a", 150000), string.rep("b", 150000))
            end }
            uniform.check { id = "swallow", run = function(report)
              pcall(uniform.edit_distance, string.rep("a", 150000), string.rep("b", 150000))
              report { message = "swallowed" }  -- the trip is sticky: a pcall cannot swallow it
            end }
            uniform.check { id = "similar", run = function()
              for i = 1, 1e9 do uniform.similar_types(string.rep("x", 5000)) end
            end }
            uniform.check { id = "cheap", run = function(report)
              if uniform.edit_distance("kitten", "sitting") == 3 and #uniform.similar_types("com.sunsetlakesoftware.molecule.pdb") > 0 then
                report { message = "still works" }
              end
            end }
            """)
        let start = Date()
        let findings = e.runChecks()
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        let errors = findings.filter { $0.rule == "rule-error" }.map(\.message)
        XCTAssertTrue(
            errors.contains {
                $0.contains("check 'distance'") && $0.contains("instruction limit exceeded")
                    && $0.contains("while running uniform.edit_distance")
            }, "\(errors)")
        XCTAssertTrue(
            errors.contains { $0.contains("check 'swallow'") && $0.contains("instruction limit exceeded") }, "\(errors)"
        )
        XCTAssertFalse(findings.contains { $0.message == "swallowed" })
        XCTAssertTrue(errors.contains { $0.contains("check 'similar'") && $0.contains("limit exceeded") }, "\(errors)")
        XCTAssertTrue(
            findings.contains { $0.rule == "cheap" && $0.message == "still works" }, "\(findings.map(\.message))")
    }
}

/// An engine made after the run's time is spent (`uniform test` makes one per test file) is
/// still made: its trusted setup runs outside the run budget, and the rules' first call fails
/// at once.
final class SpentRunBudgetTests: XCTestCase {
    func testAnEngineMadeAfterTheRunBudgetIsSpentRefusesRulesButIsMade() {
        var limits = LuaLimits()
        limits.runDeadline = LuaLimits.now() - 1
        let engine = RuleEngine(inputs: WorldInputs(), limits: limits, output: { _ in })
        XCTAssertThrowsError(
            try engine.load(source: "uniform.check { id = 'x', run = function() end }", chunkName: "r.lua")
        ) {
            XCTAssertTrue("\($0)".contains("run time budget exceeded"), "\($0)")
        }
        XCTAssertEqual(engine.checkInfos.count, 0)
    }
}

/// The loader's and graph's own findings stop at the per-rule cap too, with one note saying how
/// many were dropped.
final class WorldFindingCapTests: XCTestCase {
    func testWorldFindingsAreCappedPerRule() {
        let many = (0..<2_500).map {
            Finding(
                rule: "missing-role", severity: .warning, message: "m\($0)",
                location: SourceLocation(file: "A.plist", line: $0 + 1))
        }
        let few = [Finding(rule: "duplicate-key", severity: .warning, message: "d", location: nil)]
        let capped = RuleEngine.capPerRule(many + few)
        XCTAssertEqual(
            capped.filter { $0.rule == "missing-role" && $0.severity == .warning }.count, RuleEngine.findingsPerCheck)
        let note = capped.first { $0.rule == "missing-role" && $0.severity == .note }
        XCTAssertEqual(note?.message, "500 more findings of 'missing-role' not shown (at most 2000 per rule and run)")
        XCTAssertEqual(capped.filter { $0.rule == "duplicate-key" }.count, 1)
    }
}
