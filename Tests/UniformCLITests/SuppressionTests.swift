import Foundation
import XCTest

/// Suppressions with a reason, in `.uniform.lua` and inline in manifests.
final class SuppressionTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLI.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func config(_ suppress: String) throws {
        try TestManifest.write(
            "return { manifests = { \"App\" }, suppress = { \(suppress) } }\n", to: dir, ".uniform.lua")
    }

    func app(claims: [String] = ["com.acme.undeclared-one"], beforeClaim: String = "", insideClaim: String = "") throws
    {
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: claims, beforeClaim: beforeClaim, insideClaim: insideClaim),
            to: dir, "App/Info.plist")
    }

    func testConfiguredSuppressionWithAReasonSilencesTheFinding() throws {
        try app()
        try config(
            #"{ rule = "undeclared-type", file = "App/Info.plist", subject = "com.acme.undeclared-one", reason = "declared by the host app" }"#
        )
        let run = try CLI.run(["check", "--strict"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("0 errors, 0 warnings"), run.stdout)
    }

    /// Issue 30, item 3: `rule = "*"` with a subject pattern silences every finding about
    /// another vendor's types or apps, and nothing else; alone it is refused.
    func testEveryRuleForASubjectPattern() throws {
        try app(claims: ["com.vendor.undeclared-one", "com.vendor.undeclared-two", "com.acme.undeclared-mine"])
        try config(#"{ rule = "*", subject = "com.vendor.*", reason = "the vendor's apps are context, not ours" }"#)
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        let subjects = (try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []).compactMap {
            $0["subject"] as? String
        }
        XCTAssertFalse(subjects.contains { $0.hasPrefix("com.vendor.") }, "\(subjects)")
        XCTAssertTrue(subjects.contains("com.acme.undeclared-mine"), "\(subjects)")
        XCTAssertFalse(run.stdout.contains("config.unknown-rule"), run.stdout)

        try config(#"{ rule = "*", reason = "everything" }"#)
        let refused = try CLI.run(["check"], in: dir)
        XCTAssertEqual(refused.status, 2, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("rule = \"*\" silences every rule"), refused.stderr)
    }

    /// A subject is a glob like `file`: `*` anywhere and `?` for one character (only a final
    /// `*` was a wildcard before, and `?` was itself), ignoring case.
    func testASubjectPatternIsAGlobIgnoringCase() throws {
        try app(claims: ["com.vendor.undeclared-one", "com.other.undeclared-one", "com.acme.undeclared-two"])
        try config(
            #"{ rule = "undeclared-type", subject = "COM.*.UNDECLARED-ON?", reason = "the hosts declare them" }"#)
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        let subjects = (try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []).compactMap {
            $0["subject"] as? String
        }
        XCTAssertFalse(subjects.contains { $0.hasSuffix(".undeclared-one") }, "\(subjects)")
        XCTAssertTrue(subjects.contains("com.acme.undeclared-two"), "\(subjects)")
        XCTAssertFalse(subjects.contains("undeclared-type"), "the suppression is used: \(subjects)")
    }

    /// `uniform test` sees the findings `uniform check` reports: a suppressed finding is not
    /// among them (it was before the session moved into the library).
    func testPolicyTestsSeeFindingsWithSuppressionsApplied() throws {
        try app(claims: ["com.acme.undeclared-one", "com.acme.undeclared-two"], beforeClaim: "")
        try TestManifest.write(
            """
            return { manifests = { "App" }, tests = { "tests" },
                     suppress = { { rule = "undeclared-type", subject = "com.acme.undeclared-one", reason = "declared by the host app" } } }
            """, to: dir, ".uniform.lua")
        try TestManifest.write(
            """
            describe("suppressions", function()
              it("hides the suppressed finding", function()
                local subjects = {}
                for _, f in ipairs(fixture.findings()) do
                  if f.rule == "undeclared-type" then subjects[#subjects + 1] = f.subject end
                end
                assert.same({ "com.acme.undeclared-two" }, subjects)
              end)
            end)
            """, to: dir, "tests/suppress_test.lua")
        let run = try CLI.run(["test"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("1 passed, 0 failed"), run.stdout)
    }

    /// A misspelled id used to do nothing silently; now it is a finding with the nearest id,
    /// and `uniform rules` knows every id a finding can carry.
    func testUnknownRuleIDsAreFindingsWithTheNearestID() throws {
        try app(beforeClaim: "\t\t<!-- uniform:ignore undeclred-type: the host declares it -->")
        try TestManifest.write(
            """
            return { manifests = { "App" }, disable = { "foreign-exprot" }, severity = { ["owner-without-exprt"] = "note" },
                     suppress = { { rule = "missing-handler-rnk", reason = "legacy" } } }
            """, to: dir, ".uniform.lua")
        let run = try CLI.run(["check"], in: dir)
        for (id, nearest) in [
            ("foreign-exprot", "foreign-export"), ("owner-without-exprt", "owner-without-export"),
            ("missing-handler-rnk", "missing-handler-rank"), ("undeclred-type", "undeclared-type"),
        ] {
            XCTAssertTrue(
                run.stdout.contains("'\(id)', which is no rule id; did you mean '\(nearest)'? [config.unknown-rule]"),
                "\(id): \(run.stdout)")
        }
        XCTAssertTrue(run.stdout.contains(".uniform.lua: warning: disable names 'foreign-exprot'"), run.stdout)
        for id in ["unresolved-placeholder", "config.unknown-rule", "suppression.unused", "bundle-id-generated"] {
            XCTAssertEqual(try CLI.run(["rules", id]).status, 0, id)
        }
    }

    func testConfiguredSuppressionWithoutAReasonIsAFinding() throws {
        try app()
        try config(#"{ rule = "undeclared-type", file = "App/*.plist" }"#)
        let run = try CLI.run(["check", "--strict"], in: dir)
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stdout.contains("[undeclared-type]"), "still suppressed: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("gives no reason"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[suppression.missing-reason]"), run.stdout)
        XCTAssertTrue(run.stdout.contains(".uniform.lua"), "points at the configuration: \(run.stdout)")
    }

    func testSuppressionThatMatchesNothingIsAFinding() throws {
        try app()
        try config(#"{ rule = "undeclared-type", subject = "com.acme.other", reason = "old" }"#)
        let run = try CLI.run(["check"], in: dir)
        XCTAssertTrue(run.stdout.contains("[undeclared-type]"), "a different subject is not suppressed: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("[suppression.unused]"), run.stdout)
    }

    func testBadSuppressionTableIsAnInputError() throws {
        try app()
        try config(#"{ rules = "undeclared-type", reason = "x" }"#)
        let run = try CLI.run(["check"], in: dir)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("did you mean 'rule'"), run.stderr)
    }

    func testInlineCommentBeforeAnEntrySilencesFindingsInsideIt() throws {
        try TestManifest.write("return { manifests = { \"App\" } }\n", to: dir, ".uniform.lua")
        try app(beforeClaim: "\t\t<!-- uniform:ignore undeclared-type: the host app declares it -->")
        let run = try CLI.run(["check", "--strict"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    }

    func testInlineCommentFirstInADictionaryCoversTheDictionary() throws {
        try TestManifest.write("return { manifests = { \"App\" } }\n", to: dir, ".uniform.lua")
        try app(
            claims: ["com.acme.one", "com.acme.two"],
            insideClaim: "\t\t\t<!-- uniform:ignore undeclared-type, malformed-identifier: legacy types -->")
        let run = try CLI.run(["check", "--strict"], in: dir)
        XCTAssertFalse(run.stdout.contains("[undeclared-type]"), run.stdout)
        // malformed-identifier fires nowhere, yet the suppression is used (by undeclared-type).
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    }

    func testInlineCommentWithoutAReasonOrMatchingNothingIsAFinding() throws {
        try TestManifest.write("return { manifests = { \"App\" } }\n", to: dir, ".uniform.lua")
        try app(beforeClaim: "\t\t<!-- uniform:ignore undeclared-type -->")
        let noReason = try CLI.run(["check"], in: dir)
        XCTAssertFalse(noReason.stdout.contains("[undeclared-type]"), noReason.stdout)
        XCTAssertTrue(noReason.stdout.contains("App/Info.plist:10:"), "at the comment: \(noReason.stdout)")
        XCTAssertTrue(noReason.stdout.contains("[suppression.missing-reason]"), noReason.stdout)

        try app(
            claims: ["public.plain-text"], beforeClaim: "\t\t<!-- uniform:ignore undeclared-type: was needed once -->")
        let unused = try CLI.run(["check"], in: dir)
        XCTAssertTrue(unused.stdout.contains("[suppression.unused]"), unused.stdout)

        try app(beforeClaim: "\t\t<!-- uniform:ignore : no rule -->")
        let invalid = try CLI.run(["check"], in: dir)
        XCTAssertTrue(invalid.stdout.contains("[suppression.invalid]"), invalid.stdout)
        XCTAssertTrue(invalid.stdout.contains("[undeclared-type]"), invalid.stdout)
    }

    func testInlineCommentCoversOnlyTheNextElement() throws {
        try TestManifest.write("return { manifests = { \"App\" } }\n", to: dir, ".uniform.lua")
        // The comment sits before CFBundleTypeRole: the claimed types come later, outside its reach.
        try app(
            insideClaim:
                "\t\t\t<key>CFBundleTypeName</key>\n\t\t\t<!-- uniform:ignore undeclared-type: not here -->\n\t\t\t<string>Doc</string>"
        )
        let run = try CLI.run(["check"], in: dir)
        XCTAssertTrue(run.stdout.contains("[undeclared-type]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("[suppression.unused]"), run.stdout)
    }
}
