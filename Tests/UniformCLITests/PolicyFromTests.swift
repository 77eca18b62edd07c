import Foundation
import XCTest

/// `--policy-from REV`: a pull request's own `.uniform.lua` can disable every rule, so CI reads
/// the configuration, the rule files and the baseline from the base revision, and only the
/// manifests from the pull request.
final class PolicyFromTests: XCTestCase {
    var repository: URL!

    override func setUpWithError() throws {
        repository = try CLI.temporaryDirectory()
        try git(["init", "-q", "-b", "main"])
        try write(TestManifest.app("com.acme.app", claims: ["public.plain-text"]), "App/Info.plist")
        // The team's policy: one check of its own, the standard rules on.
        try write(
            """
            uniform.check { id = "team.no-plain-text", severity = "error", run = function(report)
              for _, app in ipairs(uniform.apps()) do
                for _, claim in ipairs(app.claims) do
                  for i, t in ipairs(claim.types) do
                    if t == "public.plain-text" then
                      report { at = claim.type_locations[i], message = app.id .. " claims public.plain-text",
                               subject = app.id }
                    end
                  end
                end
              end
            end }
            """, "rules/team.lua")
        try write("return { manifests = { \"App\" }, rules = { \"rules/team.lua\" } }\n", ".uniform.lua")
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "base"])
        // The pull request switches the policy off three ways and commits it.
        try write(
            "return { manifests = { \"App\" }, rules = { \"rules/team.lua\" }, disable = { \"team.no-plain-text\" } }\n",
            ".uniform.lua")
        try write("-- nothing to see\n", "rules/team.lua")
        try git(["commit", "-q", "-am", "pull request"])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repository)
    }

    func write(_ text: String, _ relative: String) throws { try TestManifest.write(text, to: repository, relative) }

    @discardableResult
    func git(_ arguments: [String]) throws -> CLI.Result {
        let result = try CLI.run(
            ["-c", "user.name=uniform", "-c", "user.email=uniform@example.com", "-c", "commit.gpgsign=false"]
                + arguments, in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
        return result
    }

    func testCheckReadsThePolicyFromTheRevision() throws {
        let own = try CLI.run(["check"], in: repository)
        XCTAssertEqual(own.status, 0, "the pull request's own policy lets it through: \(own.stdout)")
        let trusted = try CLI.run(["check", "--policy-from", "main~1"], in: repository)
        XCTAssertEqual(trusted.status, 1, trusted.stdout + trusted.stderr)
        XCTAssertTrue(
            trusted.stdout.contains("com.acme.app claims public.plain-text [team.no-plain-text]"), trusted.stdout)
        let verbose = try CLI.run(["check", "--policy-from", "main~1", "--verbose"], in: repository)
        XCTAssertTrue(
            verbose.stderr.contains("policy: from main~1 (commit ")
                && verbose.stderr.contains(".uniform.lua and its rule files"),
            verbose.stderr)
        // Locations name the rule file as the repository has it, not a temporary copy.
        let json = try CLI.run(["check", "--policy-from", "main~1", "--format", "json"], in: repository)
        XCTAssertFalse(json.stdout.contains("/tmp/"), json.stdout)
        // From a sub-folder, the governing configuration is found in the revision too.
        let sub = try CLI.run(["check", "--policy-from", "main~1"], in: repository.appendingPathComponent("App"))
        XCTAssertEqual(sub.status, 1, sub.stdout + sub.stderr)
    }

    func testInlineSuppressionsOfThePullRequestDoNotCount() throws {
        let manifest = TestManifest.app(
            "com.acme.app", claims: ["public.plain-text"],
            beforeClaim: "<!-- uniform:ignore team.no-plain-text: the pull request says so -->")
        try write(manifest, "App/Info.plist")
        try git(["checkout", "-q", "main~1", "--", ".uniform.lua", "rules/team.lua"])
        let own = try CLI.run(["check"], in: repository)
        XCTAssertFalse(own.stdout.contains("[team.no-plain-text]"), "suppressed inline: \(own.stdout)")
        let trusted = try CLI.run(["check", "--policy-from", "main~1"], in: repository)
        XCTAssertTrue(trusted.stdout.contains("[team.no-plain-text]"), trusted.stdout)
    }

    func testTheBaselineComesFromTheRevision() throws {
        // The pull request accepts its own finding in a baseline it adds.
        try git(["checkout", "-q", "main~1", "--", ".uniform.lua", "rules/team.lua"])
        try CLI.run(["check", "--write-baseline", "baseline.json"], in: repository)
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.appendingPathComponent("baseline.json").path))
        let own = try CLI.run(["check", "--baseline", "baseline.json"], in: repository)
        XCTAssertEqual(own.status, 0, own.stdout)
        let trusted = try CLI.run(["check", "--policy-from", "main~1", "--baseline", "baseline.json"], in: repository)
        XCTAssertEqual(trusted.status, 2, trusted.stdout + trusted.stderr)
        XCTAssertTrue(trusted.stderr.contains("baseline.json: no such baseline in main~1"), trusted.stderr)
    }

    func testTestsRunAgainstTheRevisionsRules() throws {
        try write(
            """
            describe("policy", function()
              it("flags plain text", function() assert.reports("team.no-plain-text") end)
            end)
            """, "tests/policy_test.lua")
        try write(
            "return { manifests = { \"App\" }, rules = { \"rules/team.lua\" }, tests = { \"tests\" } }\n",
            ".uniform.lua")
        let own = try CLI.run(["test"], in: repository)
        XCTAssertEqual(own.status, 1, "the pull request's empty rule file: \(own.stdout)")
        let trusted = try CLI.run(["test", "--policy-from", "main~1", "tests"], in: repository)
        XCTAssertEqual(trusted.status, 0, trusted.stdout + trusted.stderr)
    }

    func testDiffUsesTheRevisionsPolicyOnBothSides() throws {
        let diff = try CLI.run(["diff", "--git", "main~1..main", "--policy-from", "main~1"], in: repository)
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertFalse(diff.stdout.contains("team.no-plain-text"), "the same policy on both sides: \(diff.stdout)")
        let own = try CLI.run(["diff", "--git", "main~1..main"], in: repository)
        XCTAssertTrue(own.stdout.contains("team.no-plain-text"), "the pull request removed the finding: \(own.stdout)")
    }

    func testBadRevisionsAndMissingFilesAreUsageErrors() throws {
        let unknown = try CLI.run(["check", "--policy-from", "no-such-branch"], in: repository)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--policy-from no-such-branch"), unknown.stderr)
        try write("return { manifests = { \"App\" }, rules = { \"rules/new.lua\" } }\n", ".uniform.lua")
        try git(["commit", "-q", "-am", "names a rule file the base lacks"])
        let missing = try CLI.run(["check", "--policy-from", "main"], in: repository)
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("rules/new.lua: no such rule file in main"), missing.stderr)
    }
}
