import Foundation
import XCTest

/// Issue 30, item 3: other vendors' apps model the device (`context` in `.uniform.lua`,
/// `--context`). They take part in every answer and are not checked: adding NetNewsWire's
/// neighbours to its world added 13 warnings about apps the team cannot change.
///
/// The fixture (`ContextApps/`): the team's app (`App/`) and, under `Vendor/Apps`, a viewer that
/// claims everything without a rank and exports a type conforming to nothing, and a Markdown
/// editor that owns Markdown — each reported on when checked as the team's.
final class ContextAppsTests: XCTestCase {
    static let fixture = CLI.packageRoot.appendingPathComponent("Tests/UniformCLITests/ContextApps")
    var repository: URL!
    var outside: URL!

    override func setUpWithError() throws {
        repository = try CLI.temporaryDirectory()
        outside = try CLI.temporaryDirectory()
        try CLI.run(["init", "-q"], in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
        for item in ["App", "Vendor", "tests"] {
            try FileManager.default.copyItem(
                at: Self.fixture.appendingPathComponent(item), to: repository.appendingPathComponent(item))
        }
        try TestManifest.write(
            TestManifest.app("com.secret.outside-app", claims: ["public.data"]), to: outside, "Apps/Out/Info.plist")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repository)
        try? FileManager.default.removeItem(at: outside)
    }

    func configure(_ text: String) throws { try TestManifest.write(text, to: repository, ".uniform.lua") }

    func run(_ arguments: [String]) throws -> CLI.Result { try CLI.run(arguments, in: repository, timeout: 60) }

    /// `uniform check --format json`'s findings as (file, rule, subject).
    func findings(_ arguments: [String] = []) throws -> [(file: String, rule: String, subject: String)] {
        let result = try run(["check", "--format", "json"] + arguments)
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)
        let list = try XCTUnwrap(try CLI.json(result.stdout)["findings"] as? [[String: Any]])
        return list.map {
            (($0["file"] as? String) ?? "", ($0["rule"] as? String) ?? "", ($0["subject"] as? String) ?? "")
        }
    }

    func keys(_ list: [(file: String, rule: String, subject: String)]) -> [String] {
        list.map { "\($0.file) \($0.rule) \($0.subject)" }
    }

    func testContextAppsAnswerButAreNotChecked() throws {
        // Checked as the team's, the third-party manifests draw warnings of their own.
        try configure("return { manifests = { \"App\", \"Vendor/Apps\" } }\n")
        let all = try findings()
        for vendor in ["Vendor/Apps/Viewer/Info.plist", "Vendor/Apps/Markdown/Info.plist"] {
            XCTAssertTrue(all.contains { $0.file == vendor }, "\(vendor) draws no finding: \(keys(all))")
        }

        try configure("return { manifests = { \"App\" } }\n")
        let alone = try findings()
        XCTAssertFalse(alone.isEmpty, "the team's app draws findings of its own")

        try configure("return {\n  manifests = { \"App\" },\n  context = { \"Vendor/Apps\" },\n}\n")
        let withContext = try findings()
        XCTAssertFalse(withContext.contains { $0.file.hasPrefix("Vendor/") }, "\(keys(withContext))")
        XCTAssertFalse(
            withContext.contains { ["com.vendor.viewer", "com.other.markdown"].contains($0.subject) },
            "\(keys(withContext))")
        XCTAssertEqual(keys(withContext), keys(alone), "the team's findings are the same with the device modelled")

        // … while they answer: Markdown opens in the context app that owns it.
        let resolved = try run(["resolve", ".md"])
        XCTAssertEqual(resolved.status, 0, resolved.stderr)
        XCTAssertTrue(resolved.stdout.contains("1. com.other.markdown"), resolved.stdout)
        let json = try CLI.json(try run(["resolve", ".md", "--format", "json"]).stdout)
        let handlers = try XCTUnwrap(json["handlers"] as? [[String: Any]])
        XCTAssertEqual(handlers.first?["bundle_id"] as? String, "com.other.markdown")
        XCTAssertEqual(handlers.first?["context"] as? Bool, true)
        XCTAssertNil(handlers.first { $0["bundle_id"] as? String == "com.acme.notes" }?["context"])

        // … and are shown as such where apps are listed.
        let verbose = try run(["resolve", ".md", "--verbose"]).stderr.components(separatedBy: "\n")
        let viewer = try XCTUnwrap(verbose.first { $0.hasPrefix("app: com.vendor.viewer [macos] Vendor/Apps/Viewer") })
        XCTAssertTrue(viewer.hasSuffix(" — context: in every answer, not checked"), viewer)
        let team = try XCTUnwrap(verbose.first { $0.hasPrefix("app: com.acme.notes ") })
        XCTAssertFalse(team.contains("context"), team)
    }

    /// Discovery under the repository finds the context folder's Info.plists too: they are
    /// still the device's.
    func testDiscoveryLeavesTheContextFolderToTheContext() throws {
        try configure("return { context = { \"Vendor/Apps\" } }\n")
        let discovered = try findings()
        XCTAssertFalse(discovered.contains { $0.file.hasPrefix("Vendor/") }, "\(keys(discovered))")
        try configure("return { manifests = { \"App\" } }\n")
        XCTAssertEqual(keys(discovered), keys(try findings()))
    }

    func testTheContextOptionAddsContextApps() throws {
        try configure("return { manifests = { \"App\" } }\n")
        let alone = try findings()
        let withContext = try findings(["--context", "Vendor/Apps/Viewer", "--context", "Vendor/Apps/Markdown"])
        XCTAssertEqual(keys(withContext), keys(alone))
        let resolved = try run(["resolve", ".md", "--context", "Vendor/Apps"])
        XCTAssertTrue(resolved.stdout.contains("1. com.other.markdown"), resolved.stdout)
        let missing = try run(["resolve", ".md", "--context", "Vendor/Aps"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(
            missing.stderr.contains("--context Vendor/Aps: no such file or directory; did you mean Vendor/Apps?"),
            missing.stderr)
    }

    func testContextOutsideTheRepositoryIsRefusedAtItsLine() throws {
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("Vendor/Linked").path,
            withDestinationPath: outside.appendingPathComponent("Apps").path)
        for (path, line) in [(outside.appendingPathComponent("Apps").path, 3), ("../x/Apps", 3), ("Vendor/Linked", 3)] {
            try configure("return {\n  manifests = { \"App\" },\n  context = { \"Vendor/Apps\", \"\(path)\" },\n}\n")
            for command in [["check"], ["resolve", ".md"]] {
                let result = try run(command)
                XCTAssertEqual(result.status, 2, "\(path): \(result.stdout)")
                XCTAssertTrue(
                    result.stderr.contains(
                        ".uniform.lua:\(line): context names \(path), which is outside the repository (as written or through a link); it is not read"
                    ), result.stderr)
                XCTAssertFalse((result.stdout + result.stderr).contains("com.secret.outside-app"), result.stderr)
            }
        }
        // The command line's own path, through the repository's link, is refused too.
        try configure("return { manifests = { \"App\" } }\n")
        let linked = try run(["resolve", ".md", "--context", "Vendor/Linked"])
        XCTAssertEqual(linked.status, 2)
        XCTAssertTrue(linked.stderr.contains("--context Vendor/Linked: the path links outside the repository"))
        XCTAssertFalse((linked.stdout + linked.stderr).contains("com.secret.outside-app"))
        // A folder that is not there names the nearest that is.
        try configure("return {\n  manifests = { \"App\" },\n  context = { \"Vendor/Aps\" },\n}\n")
        let typo = try run(["check"])
        XCTAssertTrue(
            typo.stderr.contains(
                ".uniform.lua:3: context names Vendor/Aps, which does not exist; did you mean Vendor/Apps?"),
            typo.stderr)
    }

    /// What a finding is about decides, not what it mentions: the team's finding that names a
    /// context app stays; one placed in a context app's plist, or about a context app or a type
    /// only context apps declare, goes.
    func testAFindingAboutTheTeamThatNamesAContextAppStays() throws {
        try TestManifest.write(
            """
            uniform.check {
              id = "acme.neighbours",
              run = function(report)
                local notes, viewer = uniform.app("com.acme.notes"), uniform.app("com.vendor.viewer")
                report { message = "kept: notes competes with the viewer", at = notes, subject = "com.vendor.viewer" }
                report { message = "kept: the team's own type", subject = "com.acme.notes.document" }
                report { message = "dropped: about the viewer", subject = "com.vendor.viewer" }
                report { message = "dropped: in the viewer's plist", at = viewer, subject = "x" }
                report { message = "dropped: in the viewer's plist, naming ours", at = viewer, related = { notes } }
                report { message = "dropped: a type only the viewer declares", subject = "com.vendor.viewer.bundle" }
              end,
            }
            """, to: repository, "rules/neighbours.lua")
        try configure(
            "return {\n  manifests = { \"App\" },\n  context = { \"Vendor/Apps\" },\n  rules = { \"rules/neighbours.lua\" },\n}\n"
        )
        let result = try run(["check"])
        let ours = result.stdout.components(separatedBy: "\n").filter { $0.contains("[acme.neighbours]") }
        XCTAssertEqual(ours.count, 2, result.stdout)
        XCTAssertTrue(ours.allSatisfy { $0.contains("kept: ") }, result.stdout)
    }

    func testTestWorldsHoldTheContextApps() throws {
        try configure(
            "return {\n  manifests = { \"App\" },\n  context = { \"Vendor/Apps\" },\n  tests = { \"tests\" },\n}\n")
        let result = try run(["test"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("3 passed"), result.stdout)
    }
}
