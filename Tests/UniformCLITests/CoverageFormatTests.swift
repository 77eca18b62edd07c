import Foundation
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Rule-file coverage for CI services: an LCOV tracefile that `lcov --summary` (Debian `lcov`)
/// reads with uniform's own figures, and Cobertura XML with the same lines.
final class CoverageFormatTests: XCTestCase {
    /// `DA:line,count` is how many times the line ran over the whole run, not 0 or 1: a
    /// function's body once per call, a loop's body once per iteration, over every test.
    /// With no rule file, nothing is coverable: the text, LCOV and Cobertura agree (100%, no
    /// line missed), and a threshold over nothing fails rather than passing vacuously (issue 31).
    func testNothingCoverableReadsTheSameEverywhereAndFailsAThreshold() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write("return { manifests = { \"App\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        try TestManifest.write(
            "it(\"opens text\", function() assert.can_open(\"a.txt\", \"com.acme.app\") end)\n", to: dir,
            "tests/a_test.lua")
        let run = try CLI.run(
            ["test", "--coverage", "--coverage-format", "lcov:cov.info", "--coverage-format", "cobertura:cov.xml"],
            in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lcov = try String(contentsOf: dir.appendingPathComponent("cov.info"), encoding: .utf8)
        XCTAssertFalse(lcov.contains("DA:"), lcov)
        let cobertura = try String(contentsOf: dir.appendingPathComponent("cov.xml"), encoding: .utf8)
        XCTAssertTrue(cobertura.contains("line-rate=\"1.0000\""), cobertura)
        XCTAssertFalse(cobertura.contains("line-rate=\"0"), cobertura)
        let threshold = try CLI.run(["test", "--coverage-threshold", "80"], in: dir)
        XCTAssertEqual(threshold.status, 1, threshold.stdout + threshold.stderr)
        XCTAssertTrue(
            threshold.stderr.contains("--coverage-threshold: no rule-file line was coverable"), threshold.stderr)
    }

    func testHitCountsAreHowManyTimesALineRan() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            """
            function acme_sum(list)
              local total = 0
              for _, x in ipairs(list) do
                total = total + x
              end
              return total
            end
            function acme_never()
              return 0
            end
            """, to: dir, "rules/sum.lua")
        try TestManifest.write(
            "return { manifests = { \"App\" }, rules = { \"rules/sum.lua\" }, tests = { \"tests\" } }\n",
            to: dir, ".uniform.lua")
        try TestManifest.write(
            """
            describe("sum", function()
              it("one call", function() assert.equal(6, acme_sum({ 1, 2, 3 })) end)
              it("two calls", function()
                assert.equal(3, acme_sum({ 1, 2 }))
                assert.equal(3, acme_sum({ 2, 1 }))
              end)
            end)
            """, to: dir, "tests/sum_spec.lua")
        let run = try CLI.run(
            ["test", "--coverage-format", "lcov:cov.info", "--coverage-format", "cobertura:cov.xml"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lcovText = try String(contentsOf: dir.appendingPathComponent("cov.info"), encoding: .utf8)
        XCTAssertTrue(lcovText.contains("DA:2,3\n"), "three calls: \(lcovText)")
        XCTAssertTrue(lcovText.contains("DA:4,7\n"), "3 + 2 + 2 iterations: \(lcovText)")
        XCTAssertTrue(lcovText.contains("DA:6,3\n"), lcovText)
        XCTAssertTrue(lcovText.contains("DA:9,0\n"), lcovText)
        let xml = try XMLDocument(contentsOf: dir.appendingPathComponent("cov.xml"))
        XCTAssertEqual(
            try xml.nodes(forXPath: "//class[@filename='rules/sum.lua']/lines/line[@number='4'][@hits='7']").count, 1)
    }

    func testLCOVAndCoberturaAgreeWithUniformAndWithLcov() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            """
            uniform.policy("p", function(query, candidates)
              if query.type == "never.this" then
                return {}
              end
            end)
            """, to: dir, "rules/p.lua")
        try TestManifest.write(
            "return { manifests = { \"App\" }, rules = { \"rules/p.lua\" }, tests = { \"tests\" } }\n", to: dir,
            ".uniform.lua")
        try TestManifest.write(
            """
            describe("p", function() it("resolves", function() assert.opens_first("notes.txt", "com.acme.app") end) end)
            """, to: dir, "tests/p_spec.lua")
        let run = try CLI.run(
            [
                "test", "--coverage-format", "lcov:cov.info", "--coverage-format", "cobertura:cov.xml", "--format",
                "json",
            ], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let lcovText = try String(contentsOf: dir.appendingPathComponent("cov.info"), encoding: .utf8)
        XCTAssertTrue(
            lcovText.contains("SF:rules/p.lua\n") && lcovText.contains("DA:3,0\n")
                && lcovText.contains("end_of_record"), lcovText)

        let coverage = try XCTUnwrap(try CLI.json(run.stdout)["coverage"] as? [String: Any], run.stdout)
        let percent = try XCTUnwrap(coverage["percent"] as? Double)
        let xml = try XMLDocument(contentsOf: dir.appendingPathComponent("cov.xml"))
        let rate = try XCTUnwrap(xml.rootElement()?.attribute(forName: "line-rate")?.stringValue.flatMap(Double.init))
        XCTAssertEqual(rate * 100, percent, accuracy: 0.01)
        XCTAssertEqual(try xml.nodes(forXPath: "//class[@filename='rules/p.lua']/lines/line[@hits='0']").count, 1)

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/lcov") else {
            throw XCTSkip("lcov is absent (Debian lcov; .ci/run installs it)")
        }
        let lcov = try CLI.run(
            ["--summary", dir.appendingPathComponent("cov.info").path],
            executable: URL(fileURLWithPath: "/usr/bin/lcov"))
        let summary = lcov.stdout + lcov.stderr
        XCTAssertEqual(lcov.status, 0, summary)
        XCTAssertTrue(
            summary.contains(String(format: "lines......: %.1f%%", percent)), "lcov reads uniform's figure: \(summary)")
    }
}
