import Foundation
import UniformCore
import UniformRules
import XCTest

final class SARIFReporterTests: XCTestCase {
    private func log(_ run: CheckRun = ReporterFixtures.run) throws -> [String: Any] {
        let out = SARIFReporter(informationURI: "https://example.com/uniform").report(run)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    }

    private func firstRun(_ log: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    }

    func testValidatesAgainstTheSARIFSchema() throws {
        try SchemaValidator.validate(
            SARIFReporter(informationURI: "https://example.com/uniform").report(ReporterFixtures.run),
            against: "sarif-schema-2.1.0.json")
        try SchemaValidator.validate(
            SARIFReporter().report(ReporterFixtures.cleanRun), against: "sarif-schema-2.1.0.json")
    }

    /// Code scanning's rule panel shows `help`: the same words as `uniform rules ID`, and in
    /// Markdown a rule file's text stays text (issue 31).
    func testEveryRuleCarriesTheHelpUniformRulesPrints() throws {
        var run = ReporterFixtures.run
        run.rules.append(
            RuleInfo(
                id: "team.no-*bold*", severity: .warning, description: "Keep <b>tags</b> out of `Info.plist` [x](y)",
                example: "a `code` span", source: "Apple: Defining file and data types"))
        let driver = try XCTUnwrap((try firstRun(try log(run))["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        for rule in rules {
            let help = try XCTUnwrap(rule["help"] as? [String: String], "\(rule["id"] ?? "")")
            XCTAssertTrue(help["text"]?.contains("uniform:ignore \(rule["id"] as? String ?? "")") == true, "\(help)")
        }
        let team = try XCTUnwrap(rules.first { $0["id"] as? String == "team.no-*bold*" }?["help"] as? [String: String])
        XCTAssertEqual(
            team["text"],
            """
            Keep <b>tags</b> out of `Info.plist` [x](y)

            example: a `code` span

            source: Apple: Defining file and data types

            silence it with a reason: <!-- uniform:ignore team.no-*bold*: why --> before the entry, or
            suppress = { { rule = "team.no-*bold*", file = "…", reason = "…" } } in .uniform.lua
            """)
        let markdown = try XCTUnwrap(team["markdown"])
        XCTAssertTrue(markdown.hasPrefix(#"Keep \<b\>tags\</b\> out of \`Info.plist\` \[x\]\(y\)"#), markdown)
        XCTAssertTrue(markdown.contains("**Example:** ``a `code` span``"), markdown)
        XCTAssertTrue(markdown.contains("`<!-- uniform:ignore team.no-*bold*: why -->`"), markdown)
        try SchemaValidator.validate(SARIFReporter().report(run), against: "sarif-schema-2.1.0.json")
    }

    /// The help carries one example each way: every report repeats it for every rule that ran,
    /// and `uniform rules ID` shows them all.
    func testHelpShowsOneExampleEachWay() throws {
        var run = ReporterFixtures.run
        run.rules.append(RuleInfo(.manifestInvalidValue))
        let driver = try XCTUnwrap((try firstRun(try log(run))["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let help = try XCTUnwrap(
            rules.first { $0["id"] as? String == "manifest.invalid-value" }?["help"] as? [String: String])
        XCTAssertEqual(RuleDescription.manifestInvalidValue.triggering.count, 2)
        let markdown = try XCTUnwrap(help["markdown"])
        XCTAssertTrue(markdown.contains("**Fires on:**") && markdown.contains("**Quiet on:**"), markdown)
        XCTAssertTrue(markdown.contains("<integer>3</integer>"), markdown)
        XCTAssertFalse(markdown.contains("UTExportedTypeDeclarations</key><dict/>"), markdown)
        let text = try XCTUnwrap(help["text"])
        XCTAssertFalse(text.contains("fires on:"), text)
        XCTAssertTrue(text.contains("Findings are warnings; errors when CFBundleDocumentTypes"), text)
    }

    /// A rule whose source cites Apple's page links it as `helpUri`; one citing none has none.
    func testHelpURIIsTheApplePageTheRuleRestsOn() {
        let cited = RuleDocumentation(
            id: "missing-handler-rank", description: "d",
            source:
                "Apple, LSHandlerRank (https://developer.apple.com/documentation/bundleresources/lshandlerrank): Owner, Default."
        )
        XCTAssertEqual(cited.sourceURL, "https://developer.apple.com/documentation/bundleresources/lshandlerrank")
        XCTAssertNil(
            RuleDocumentation(id: "x", description: "d", source: "Apple, UTType.h: public.* is Apple's").sourceURL)
        XCTAssertNil(RuleDocumentation(id: "x", description: "d").sourceURL)
    }

    func testValidatorRejectsBrokenLogs() throws {
        // Guards against a vacuous validator: a log with no runs and a bad level must fail.
        let broken =
            #"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"uniform"}},"results":[{"level":"fatal","message":{"text":"x"}}]}]}"#
        let problems = try SchemaValidator.violations(of: broken, against: "sarif-schema-2.1.0.json")
        XCTAssertNotNil(problems)
        XCTAssertTrue(problems?.contains("fatal") == true, problems ?? "")
    }

    func testDriverAndRules() throws {
        let log = try log()
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(log["$schema"] as? String, SARIFReporter.schemaURI)
        let driver = try XCTUnwrap((try firstRun(log)["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "uniform")
        XCTAssertEqual(driver["version"] as? String, "0.1.0")
        XCTAssertEqual(driver["informationUri"] as? String, "https://example.com/uniform")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(
            rules.map { $0["id"] as? String }, ["clean-rule", "handler-rank", "manifest.duplicate-key", "types.unused"])
        XCTAssertEqual(
            rules.map { ($0["defaultConfiguration"] as? [String: String])?["level"] },
            ["warning", "error", "warning", "note"])
        XCTAssertEqual((rules[1]["shortDescription"] as? [String: String])?["text"], "Every handler declares a rank")
        XCTAssertEqual(rules[1]["helpUri"] as? String, "https://example.com/rules/handler-rank")
    }

    func testResults() throws {
        let results = try XCTUnwrap(try firstRun(try log())["results"] as? [[String: Any]])
        XCTAssertEqual(
            results.map { $0["ruleId"] as? String },
            ["types.unused", "manifest.duplicate-key", "handler-rank", "handler-rank"])
        XCTAssertEqual(results.map { $0["ruleIndex"] as? Int }, [3, 2, 1, 1])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["note", "warning", "error", "error"])
        XCTAssertNil(results[0]["locations"], "a finding with no location has no locations")

        func physical(_ result: [String: Any]) throws -> [String: Any] {
            try XCTUnwrap(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        }
        let binary = try physical(results[1])
        XCTAssertEqual(
            binary["artifactLocation"] as? [String: String],
            ["uri": "Apps/Legacy/Info.plist", "uriBaseId": "%SRCROOT%"])
        XCTAssertEqual(binary["region"] as? [String: Int], ["byteOffset": 1234])
        let text = try physical(results[2])
        XCTAssertEqual(text["region"] as? [String: Int], ["startLine": 12, "startColumn": 5])
        XCTAssertEqual((results[2]["message"] as? [String: String])?["text"], ReporterFixtures.textFinding.message)

        // Same rule, file and subject: one identity, told apart by occurrence.
        let fingerprints = results.map {
            ($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey]
        }
        let identity = SARIFReporter.fingerprint(for: ReporterFixtures.textFinding, base: "/src/project")
        XCTAssertEqual(fingerprints[2], identity + ":1")
        XCTAssertEqual(fingerprints[3], identity + ":2")
        XCTAssertEqual(Set(fingerprints).count, 4)
    }

    func testAbsolutePathsAreMadeRelativeToTheBase() throws {
        var finding = ReporterFixtures.textFinding
        finding.location?.file = "/src/project/Apps/My App/Info.plist"
        var outside = finding
        outside.location?.file = "/elsewhere/Info.plist"
        let run = CheckRun(
            findings: [finding, outside], manifests: [], rules: [], toolVersion: "0", baseDirectory: "/src/project")
        let sarifRun = try firstRun(try log(run))
        XCTAssertEqual(
            sarifRun["originalUriBaseIds"] as? [String: [String: String]],
            ["%SRCROOT%": ["uri": "file:///src/project/"]])
        let uris = try XCTUnwrap(sarifRun["results"] as? [[String: Any]]).map {
            (((($0["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])?[
                "artifactLocation"]) as? [String: String]
        }
        XCTAssertEqual(
            uris,
            [["uri": "Apps/My%20App/Info.plist", "uriBaseId": "%SRCROOT%"], ["uri": "file:///elsewhere/Info.plist"]])
        try SchemaValidator.validate(SARIFReporter().report(run), against: "sarif-schema-2.1.0.json")
    }

    func testFingerprintsIgnoreLinesButNotSubjects() {
        let original = ReporterFixtures.textFinding
        var moved = original
        moved.location = SourceLocation(file: "Apps/Viewer/Info.plist", line: 99, column: 1)
        var other = original
        other.subject = "public.jpeg"
        var absolute = original
        absolute.location?.file = "/src/project/Apps/Viewer/Info.plist"
        let fingerprint = { SARIFReporter.fingerprint(for: $0, base: "/src/project") }
        XCTAssertEqual(fingerprint(original), fingerprint(moved))
        XCTAssertEqual(fingerprint(original), fingerprint(absolute), "same file given relative or absolute")
        XCTAssertNotEqual(fingerprint(original), fingerprint(other))
        XCTAssertEqual(fingerprint(original).count, 16)
        XCTAssertEqual(
            fingerprint(original), SARIFReporter.fingerprint(for: original, base: nil), "relative paths need no base")

        var noSubject = ReporterFixtures.unlocatedFinding
        let before = fingerprint(noSubject)
        noSubject.message += "!"
        XCTAssertNotEqual(before, fingerprint(noSubject), "without a subject the message identifies the finding")
    }

    func testFingerprintValueIsPinned() {
        // FNV-1a 64 of "r\0f\0s"; computed independently (Python) so the hash cannot drift.
        let finding = Finding(
            rule: "r", severity: .error, message: "m", location: SourceLocation(file: "f", line: 1), subject: "s")
        XCTAssertEqual(SARIFReporter.fingerprint(for: finding, base: nil), Self.referenceFNV1a64("r\u{0}f\u{0}s"))
    }

    private static func referenceFNV1a64(_ s: String) -> String {
        var h: UInt64 = 14695981039346656037
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 1099511628211 }
        return String(format: "%016llx", h)
    }
}
