import Foundation
import XCTest

/// Issue 29, item 3: macOS stores bundle ids in lower case in the user's LaunchServices
/// preferences (`com.microsoft.vscode`) for apps whose manifests say `com.microsoft.VSCode`, and
/// Launch Services compares them ignoring case. Such a default applies, rules and tests may name
/// apps in any case, and every report spells an app as its manifest does.
///
/// The fixture (`BundleIDCase/`): Info.plists of VS Code, TextEdit and Chrome with their real
/// mixed-case ids (VS Code's as in microsoft/vscode issue 92), a synthetic preferences plist,
/// and `launchservices.secure.plist`, shaped as real files people posted: conda/menuinst pull
/// request 119 (comment of 2023-03-03, https://github.com/conda/menuinst/pull/119),
/// macadmins/default-browser issue 16 (https://github.com/macadmins/default-browser/issues/16)
/// and yamash723/macos `system/lib/defaulteditor.sh` (the sources are in the file's comment).
final class BundleIDCaseTests: XCTestCase {
    static let fixture = CLI.packageRoot.appendingPathComponent("Tests/UniformCLITests/BundleIDCase")

    func path(_ relative: String) -> String { Self.fixture.appendingPathComponent(relative).path }

    func resolve(_ target: String, defaults: String, json: Bool = false) throws -> CLI.Result {
        var arguments = ["resolve", target, "-m", path("apps"), "--defaults", path(defaults)]
        if json { arguments += ["--format", "json"] }
        let result = try CLI.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    func testALowerCaseUserDefaultAppliesAndIsShownAsTheManifestSpellsIt() throws {
        let text = try resolve(".txt", defaults: "synthetic.plist").stdout
        XCTAssertTrue(
            text.contains("1. com.microsoft.VSCode  Alternate Editor  exact  [default, user default]"), text)
        XCTAssertTrue(text.contains("default: com.microsoft.VSCode"), text)
        XCTAssertFalse(text.contains("com.microsoft.vscode"), "the user's spelling is not shown: \(text)")
        XCTAssertFalse(text.contains("ignored"), text)

        let json = try CLI.json(try resolve(".txt", defaults: "synthetic.plist", json: true).stdout)
        XCTAssertEqual(json["default"] as? String, "com.microsoft.VSCode")
        let first = try XCTUnwrap((json["handlers"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["bundle_id"] as? String, "com.microsoft.VSCode")
        XCTAssertEqual(first["user_default"] as? Bool, true)
    }

    /// A default for an app that is not a candidate is still ignored; the note names the app as
    /// its manifest does.
    func testANonCandidateDefaultIsIgnoredUnderTheManifestSpelling() throws {
        let text = try resolve(".html", defaults: "synthetic.plist").stdout
        XCTAssertTrue(text.contains("note: user default com.apple.TextEdit ("), text)
        XCTAssertTrue(text.contains("default: com.google.Chrome"), text)
    }

    /// The real-shaped file: URL-scheme entries and `LSHandlerPreferredVersions` are passed
    /// over; the tag and content-type entries apply to the apps their lower-case ids name.
    func testARealShapedPreferencesFile() throws {
        let defaults = "launchservices.secure.plist"
        let cases = [
            (".4", "com.microsoft.VSCode", "the LSHandlerContentTag entry (a wildcard match is no default alone)"),
            (".html", "com.google.Chrome", "the public.html entry"),
            (".json", "com.apple.TextEdit", "the public.json entry"),
        ]
        for (target, app, why) in cases {
            let run = try resolve(target, defaults: defaults, json: true)
            XCTAssertEqual(run.stderr, "", "no entry is reported invalid")
            let json = try CLI.json(run.stdout)
            XCTAssertEqual(json["default"] as? String, app, why)
            let first = try XCTUnwrap((json["handlers"] as? [[String: Any]])?.first)
            XCTAssertEqual(first["bundle_id"] as? String, app, why)
            XCTAssertEqual(first["user_default"] as? Bool, true, why)
            XCTAssertEqual(json["notes"] as? [String], [], why)
        }
    }

    /// `uniform.set_default`, hide rules, policies, routes, `uniform.app`, `uniform.platforms`,
    /// `uniform.declare_app`, exposure and the test assertions, each given ids in another case
    /// (`tests/case_test.lua`).
    func testRulesAndTestAssertionsNameAppsInAnyCase() throws {
        let run = try CLI.run(["test", path("tests"), "-m", path("apps"), "-r", path("rules/case.lua")])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasSuffix("6 passed, 0 failed\n"), run.stdout)
    }

    /// The routing rule refuses unless it is given the manifests' spelling (`rules/case.lua`).
    /// Routes run on iOS (a Mac hand-off carries no annotation), so the two apps are iOS ones
    /// here, with the ids the rule names.
    func testSendTakesTheSenderAndReceiverInAnyCase() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let iOS = "<key>LSRequiresIPhoneOS</key><true/>"
        for id in ["com.microsoft.VSCode", "com.apple.TextEdit"] {
            try TestManifest.write(
                TestManifest.app(id, claims: ["public.plain-text"], header: iOS), to: dir, "\(id)/Info.plist")
        }
        let run = try CLI.run([
            "send", "notes.txt", "--from", "com.microsoft.vscode", "--to", "COM.APPLE.TEXTEDIT", "-m", dir.path,
            "-r", path("rules/case.lua"),
        ])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "url: file:///private/var/mobile/Containers/Data/Application/com.apple.TextEdit/Documents/Inbox/notes.txt"
            ),
            run.stdout)
        XCTAssertTrue(run.stdout.contains("source application: com.microsoft.VSCode"), run.stdout)
    }

    /// `resolve --from` reports the sender as its manifest spells it.
    func testResolveFromIsShownAsTheManifestSpellsIt() throws {
        let run = try CLI.run([
            "resolve", ".txt", "--from", "COM.GOOGLE.CHROME", "-m", path("apps"), "--format", "json",
        ])
        XCTAssertEqual(run.status, 0, run.stderr)
        let query = try XCTUnwrap(try CLI.json(run.stdout)["query"] as? [String: Any])
        XCTAssertEqual(query["from"] as? String, "com.google.Chrome")
    }
}
