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

/// What the findings of rules hold in text is bounded per run: a check reporting the same 16 MB
/// string 2,000 times made the host copy it each time (5.7 GB before it was stopped).
final class FindingTextLimitTests: XCTestCase {
    func testFindingTextIsCutAndCappedPerRun() throws {
        let engine = RuleEngine(inputs: WorldInputs(), output: { _ in })
        try engine.load(
            source: """
                uniform.check { id = "spam", run = function(report)
                  local s = string.rep("x", 16 * 1024 * 1024)
                  for i = 1, 2000 do report(s) end
                  for i = 1, 2000 do report { message = s, subject = s, at = { file = s, line = i }, related = { { file = s } } } end
                end }
                uniform.check { id = "loud-error", run = function() error(string.rep("z", 16 * 1024 * 1024)) end }
                uniform.check { id = "late", severity = "error", run = function(report) report("after the cut") end }
                """, chunkName: "rules/spam.lua")
        let start = Date()
        let findings = engine.runChecks()
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        let text = findings.reduce(0) {
            $0 + $1.message.utf8.count + ($1.subject?.utf8.count ?? 0) + ($1.location?.file.utf8.count ?? 0)
                + $1.related.reduce(0) { $0 + $1.file.utf8.count }
        }
        XCTAssertLessThanOrEqual(text, RuleEngine.findingTextBytesPerRun + 1024)
        let kept = findings.filter { $0.rule == "spam" && $0.severity == .warning }
        XCTAssertGreaterThan(kept.count, 100)
        XCTAssertTrue(
            kept.allSatisfy { $0.message.hasSuffix("(16760832 more bytes not shown)") },
            "\(kept.first!.message.suffix(60))")
        let notes = findings.filter { $0.message.contains("not kept") }
        XCTAssertEqual(notes.count, 1, "\(notes.map(\.message))")
        XCTAssertEqual(notes.first?.rule, "spam")
        XCTAssertEqual(notes.first?.severity, .error, "the cut findings held errors")
        XCTAssertTrue(
            notes.first?.message.hasPrefix("\(4000 - kept.count + 2) more findings not kept") ?? false,
            notes.first?.message ?? "")
    }

    func testAReportsTextIsReadCutNotWhole() throws {
        let engine = RuleEngine(inputs: WorldInputs(), output: { _ in })
        try engine.load(
            source: """
                uniform.check { id = "one", run = function(report)
                  report { message = string.rep("é", 100000), subject = "s", at = { file = "f.lua", line = 2 } }
                  local at = { line = 3 } at.location = at
                  report { message = "a location that holds itself", at = at }
                end }
                """, chunkName: "rules/one.lua")
        let findings = engine.runChecks().filter { $0.rule == "one" }
        XCTAssertEqual(findings.count, 2)
        let long = findings.first { $0.subject == "s" }
        XCTAssertEqual(long?.location, SourceLocation(file: "f.lua", line: 2))
        XCTAssertEqual(
            long?.message.utf8.count, RuleEngine.findingTextBytes + "... (183616 more bytes not shown)".utf8.count)
        XCTAssertEqual(findings.first { $0.subject == nil }?.location?.file, "rules/one.lua")
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
