import Foundation
import XCTest

/// Reports as CI systems read them: JUnit valid against the junit-10 schema (Jenkins' xUnit,
/// the common denominator) for both commands, SARIF and GitHub paths relative to the repository
/// whatever folder the run started in, GitHub lines from 1.
final class CIReportTests: XCTestCase {
    var repository: URL!

    override func setUpWithError() throws {
        repository = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["com.acme.undeclared"]), to: repository, "Apps/App/Info.plist")
        try TestManifest.write(
            "return { manifests = { \"Apps\" }, tests = { \"tests\" } }\n", to: repository, ".uniform.lua")
        try TestManifest.write(
            """
            describe("apps", function()
              it("opens nothing undeclared", function() assert.is_true(#uniform.apps() == 1) end)
              pending("later")
            end)
            """, to: repository, "tests/apps_spec.lua")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: repository) }

    func testJUnitOfBothCommandsValidatesAgainstTheSchema() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") else {
            throw XCTSkip("xmllint is absent (Debian libxml2-utils; .ci/run installs it)")
        }
        let schema = try CLI.shared("reference/junit-10.xsd")
        for command in ["check", "test"] {
            let report = repository.appendingPathComponent("\(command).xml")
            _ = try CLI.run([command, "--format", "junit:\(report.path)"], in: repository)
            let xmllint = try CLI.run(
                ["--noout", "--schema", schema, report.path], executable: URL(fileURLWithPath: "/usr/bin/xmllint"))
            XCTAssertEqual(xmllint.status, 0, "\(command): \(xmllint.stderr)")
        }
    }

    func testSARIFAndGitHubPathsAreRepositoryRelativeFromAnyFolder() throws {
        let fromRoot = try CLI.run(["check", "--format", "sarif"], in: repository)
        let fromSubfolder = try CLI.run(
            ["check", "--format", "sarif"], in: repository.appendingPathComponent("Apps/App"))
        let dot = try CLI.run(["check", ".", "--format", "sarif"], in: repository)
        let expected = try uris(fromRoot.stdout)
        XCTAssertTrue(expected.contains("Apps/App/Info.plist"), "\(expected)")
        XCTAssertEqual(try uris(fromSubfolder.stdout), expected, "the same URIs from a subfolder")
        XCTAssertEqual(try uris(dot.stdout), expected, "never ./…")

        let github = try CLI.run(["check", "--format", "github"], in: repository.appendingPathComponent("Apps"))
        XCTAssertTrue(github.stdout.contains("file=Apps/App/Info.plist,"), github.stdout)
        // Inside a workflow, relative to its checkout.
        let workspace = try CLI.run(
            ["check", "--format", "github"], in: repository.appendingPathComponent("Apps"),
            environment: ["GITHUB_WORKSPACE": repository.appendingPathComponent("Apps").path])
        XCTAssertTrue(workspace.stdout.contains("file=App/Info.plist,"), workspace.stdout)
    }

    /// macOS's `/var` and `/tmp` are links into `/private`: `getcwd` says `/private/var/…` while
    /// arguments and `$TMPDIR` say `/var/…`. The same split, reproduced with a link of our own:
    /// the process's directory is the resolved folder, the arguments name the link. Reports and
    /// baselines still name files relative to the repository.
    func testPathsThroughASymbolicLinkToTheRepositoryStayRelative() throws {
        let outside = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let link = outside.appendingPathComponent("var")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: repository)
        let sarif = try CLI.run(["check", link.appendingPathComponent("Apps").path, "--format", "sarif"], in: link)
        let found = try uris(sarif.stdout)
        XCTAssertTrue(found.contains("Apps/App/Info.plist"), "\(found)")
        XCTAssertFalse(found.contains { $0.hasPrefix("/") || $0.hasPrefix("file:") }, "\(found)")
        let baseline = link.appendingPathComponent("baseline.json")
        _ = try CLI.run(
            ["check", link.appendingPathComponent("Apps").path, "--write-baseline", baseline.path], in: link)
        let written = try String(contentsOf: baseline, encoding: .utf8)
        XCTAssertTrue(written.contains("\"file\":\"Apps/App/Info.plist\""), written)
        let github = try CLI.run(["check", link.appendingPathComponent("Apps").path, "--format", "github"], in: link)
        XCTAssertTrue(github.stdout.contains("file=Apps/App/Info.plist,"), github.stdout)
    }

    /// The artifact URIs of a SARIF log's results.
    func uris(_ text: String) throws -> [String] {
        let runs = try CLI.json(text)["runs"] as? [[String: Any]] ?? []
        return (runs.first?["results"] as? [[String: Any]] ?? []).flatMap { result in
            (result["locations"] as? [[String: Any]] ?? []).compactMap {
                (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
        }
    }

    func testGitHubLinesStartAtOne() throws {
        try TestManifest.write(
            """
            uniform.check { id = "odd-line", run = function(report)
              report { message = "somewhere", at = { file = "Apps/App/Info.plist", line = -5, column = 0 } }
            end }
            """, to: repository, "rules/odd.lua")
        try TestManifest.write(
            "return { manifests = { \"Apps\" }, rules = { \"rules/odd.lua\" } }\n", to: repository, ".uniform.lua")
        let run = try CLI.run(["check", "--format", "github"], in: repository)
        let line = try XCTUnwrap(
            run.stdout.split(separator: "\n").first { $0.contains("odd-line") }, run.stdout + run.stderr)
        XCTAssertFalse(line.contains("line=-") || line.contains("line=0") || line.contains("col=0"), String(line))
    }
}
