import Foundation
import XCTest

/// `uniform` pointed at a real repository with no set-up, as a new user does: the eight
/// repositories in `../shared/realworld/xcode/` (see their README), and the runs that must
/// never pass over nothing.
final class RepositoryTests: XCTestCase {
    /// The apps `--verbose` lists: `bundle id [platform]`.
    func apps(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("app: ") }.map { line in
            let parts = line.dropFirst("app: ".count).split(separator: " ")
            return "\(parts[0]) \(parts[1])"
        }
    }

    func check(_ repository: String, _ extra: [String] = []) throws -> CLI.Result {
        let root = try CLI.shared("realworld/xcode/\(repository)")
        return try CLI.run(["check", "--verbose"] + extra, in: URL(fileURLWithPath: root))
    }

    func testEveryRepositoryIsReadWithNoSetUp() throws {
        let expected: [String: [String]] = [
            "nicklockwood__ShapeScript": [
                "com.charcoaldesign.ShapeScriptViewer [macos]", "com.charcoaldesign.ShapeScriptViewer [ios]",
                "com.charcoaldesign.ShapeScriptViewer.Preview [macos]",
            ],
            "Ranchero-Software__NetNewsWire": [
                "com.ranchero.NetNewsWire-Evergreen [macos]", "com.ranchero.NetNewsWire.iOS [ios]",
                "com.ranchero.NetNewsWire-Evergreen.SubscribeToFeed [macos]",
                "com.ranchero.NetNewsWire.iOS.Share-Extension [ios]",
                "com.ranchero.NetNewsWire.iOS.SpringboardWidgets [ios]",
                "com.ranchero.NetNewsWire-Evergreen.Mac.ShareExtension [macos]",
            ],
            "coteditor__CotEditor": ["com.coteditor.CotEditor [macos]"],
            "HexFiend__HexFiend": ["com.ridiculousfish.HexFiend [macos]"],
            "OpenEmu__OpenEmu": [
                "org.openemu.OpenEmu [macos]", "org.openemu.broker [macos]",
                "org.openemu.OpenEmu.OpenEmuQLThumbnail [macos]",
                "org.openemu.OpenEmu.OpenEmuQLPreview [macos]", "org.openemu.savestategenerator [macos]",
                "com.openemu.OEAlertTest [macos]",
            ],
            "WireGuard__wireguard-apple": [
                "standin.wireguardios [ios]", "standin.wireguardnetworkextensionios [ios]",
                "standin.wireguardmacos [macos]",
                "standin.wireguardnetworkextensionmacos [macos]", "standin.wireguardmacosloginitemhelper [macos]",
            ],
            "gluonfield__enchanted": ["subj.Enchanted [ios]", "subj.Enchanted [macos]"],
            "Marginal__QLVideo": [
                "uk.org.marginal.qlvideo [macos]", "uk.org.marginal.qlvideo.mdimporter [macos]",
                "uk.org.marginal.qlvideo.formatreader [macos]",
                "uk.org.marginal.qlvideo.videodecoder [macos]", "uk.org.marginal.qlvideo.simpleplayer [macos]",
            ],
        ]
        for (repository, ids) in expected.sorted(by: { $0.key < $1.key }) {
            let run = try check(repository)
            XCTAssertTrue([0, 1].contains(run.status), "\(repository): \(run.stderr)")
            XCTAssertEqual(apps(run.stderr), ids, repository)
            XCTAssertTrue(run.stdout.contains("in \(ids.count) manifest"), "\(repository): \(run.stdout.suffix(200))")
            XCTAssertFalse(
                run.stdout.contains("duplicate-bundle-id"), "\(repository): one id on two platforms is not a duplicate")
        }
    }

    func testWhatCannotBeResolvedIsSaidWithItsCause() throws {
        let hexFiend = try check("HexFiend__HexFiend")
        XCTAssertTrue(
            hexFiend.stdout.contains(
                "target 'HexFiendling' (Release): INFOPLIST_FILE app/sample_code/HexFiendling/Info.plist is not in the repository"
            ), hexFiend.stdout)
        let wireGuard = try check("WireGuard__wireguard-apple")
        XCTAssertTrue(
            wireGuard.stdout.contains(
                "target 'WireGuardiOS' (Release) sets PRODUCT_BUNDLE_IDENTIFIER = '$(APP_ID_IOS)' at WireGuard.xcodeproj/project.pbxproj:"
            ), wireGuard.stdout)
        XCTAssertTrue(wireGuard.stdout.contains("#include \"Developer.xcconfig\""), wireGuard.stdout)
        // Info.plists no target uses are not apps: NetNewsWire's theme bundles.
        let netNewsWire = try check("Ranchero-Software__NetNewsWire")
        XCTAssertTrue(netNewsWire.stderr.contains("skipped: Themes/Sepia.nnwtheme/Info.plist"), netNewsWire.stderr)
        XCTAssertFalse(netNewsWire.stdout.contains("nnwtheme"))
    }

    func testAPreviewExtensionMakesItsTypesPreviewable() throws {
        let root = URL(fileURLWithPath: try CLI.shared("realworld/xcode/nicklockwood__ShapeScript"))
        let run = try CLI.run(["resolve", "x.shape", "--format", "json"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        // ShapeScript has an iOS and a Mac viewer: one answer each; the preview extension is
        // the Mac's, so only macOS previews.
        let byPlatform = try XCTUnwrap(try CLI.json(run.stdout)["by_platform"] as? [String: [String: Any]], run.stdout)
        XCTAssertEqual(byPlatform["macos"]?["previewable"] as? Bool, true)
        XCTAssertEqual(
            byPlatform["macos"]?["previewed_by"] as? [String], ["com.charcoaldesign.ShapeScriptViewer.Preview"])
        XCTAssertEqual(byPlatform["ios"]?["previewed_by"] as? [String], [])
        let text = try CLI.run(["resolve", "x.shape", "--platform", "macos"], in: root)
        XCTAssertTrue(
            text.stdout.contains(
                "previewable: yes (Quick Look preview extension com.charcoaldesign.ShapeScriptViewer.Preview)"),
            text.stdout)
    }

    func testNothingToCheckIsAnInputError() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in [["check"], ["test"], ["init"]] {
            let run = try CLI.run(command, in: dir)
            XCTAssertEqual(run.status, 2, "\(command): \(run.stdout)")
            XCTAssertTrue(run.stderr.contains("no manifests found under the current directory"), run.stderr)
        }
        try git(["init", "-q"], in: dir)
        try git(["commit", "-q", "--allow-empty", "-m", "empty"], in: dir)
        let diff = try CLI.run(["diff", "--git", "HEAD"], in: dir)
        XCTAssertEqual(diff.status, 2, diff.stdout)
        XCTAssertTrue(diff.stderr.contains("both worlds are empty"), diff.stderr)
        // A configuration that chooses no manifests on purpose is not an error.
        try "return { manifests = {} }".write(
            to: dir.appendingPathComponent(".uniform.lua"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["check"], in: dir).status, 0)
    }

    func testDiffAcrossRevisionsOfARepositoryWithoutConfiguration() throws {
        let dir = try copy("nicklockwood__ShapeScript")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        try git(["init", "-q"], in: dir)
        try git(["add", "."], in: dir)
        try git(["commit", "-q", "-m", "before"], in: dir)
        for plist in ["Viewer/Mac/Info.plist", "Viewer/iOS/Info.plist"] {
            let url = dir.appendingPathComponent(plist)
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
                of: "<key>CFBundleDocumentTypes</key>", with: "<key>RemovedDocumentTypes</key>")
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try git(["commit", "-q", "-am", "after"], in: dir)
        let run = try CLI.run(["diff", "--git", "HEAD~1..HEAD", "--fail-on-change"], in: dir)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("com.charcoaldesign.ShapeScriptViewer"), run.stdout)
    }

    func testInitWritesASuiteThatPassesInEveryRepository() throws {
        for repository in [
            "nicklockwood__ShapeScript", "Ranchero-Software__NetNewsWire", "coteditor__CotEditor", "HexFiend__HexFiend",
            "OpenEmu__OpenEmu", "WireGuard__wireguard-apple", "gluonfield__enchanted", "Marginal__QLVideo",
        ] {
            let dir = try copy(repository)
            defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
            let initRun = try CLI.run(["init"], in: dir)
            XCTAssertEqual(initRun.status, 0, "\(repository): \(initRun.stderr)")
            XCTAssertTrue(initRun.stdout.contains("uniform check --format github"), initRun.stdout)
            let config = try String(contentsOf: dir.appendingPathComponent(".uniform.lua"), encoding: .utf8)
            XCTAssertTrue(config.contains("project = {"), config)
            let test = try CLI.run(["test"], in: dir)
            XCTAssertEqual(test.status, 0, "\(repository): \(test.stdout)\(test.stderr)")
            XCTAssertTrue(test.stdout.contains(" passed, 0 failed"), test.stdout)
            XCTAssertFalse(test.stdout.contains(" 0 passed"), "\(repository): the suite asserts something")
            let again = try CLI.run(["init"], in: dir)
            XCTAssertEqual(again.status, 2, "init refuses to overwrite")
            if repository == "nicklockwood__ShapeScript" {
                // One id built for iOS and macOS, heading its type on both: one assertion, checked on both.
                let suite = try String(
                    contentsOf: dir.appendingPathComponent("tests/document_types_test.lua"), encoding: .utf8)
                XCTAssertTrue(
                    suite.contains(
                        "assert.opens_first(\"com.charcoaldesign.shapescript-source\", \"com.charcoaldesign.ShapeScriptViewer\")\n"
                    ), suite)
            }
            if repository == "Ranchero-Software__NetNewsWire" {
                // The Mac app heads its theme type on the Mac; the iOS app's Owner claim on the
                // same type is on another platform and does not compete.
                let suite = try String(
                    contentsOf: dir.appendingPathComponent("tests/document_types_test.lua"), encoding: .utf8)
                XCTAssertTrue(
                    suite.contains(
                        "assert.opens_first(\"com.ranchero.netnewswire.theme\", \"com.ranchero.NetNewsWire-Evergreen\")"
                    ),
                    suite)
            }
        }
    }

    func testConfigurationChoosesTheBuildConfigurationAndOverridesApps() throws {
        let dir = try copy("Ranchero-Software__NetNewsWire")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        try
            "return { configuration = \"Debug\", apps = { [\"NetNewsWire-iOS\"] = { bundle_id = \"com.example.override\" } } }"
            .write(to: dir.appendingPathComponent(".uniform.lua"), atomically: true, encoding: .utf8)
        let debug = try CLI.run(["check", "--verbose"], in: dir)
        XCTAssertTrue(apps(debug.stderr).contains("com.ranchero.NetNewsWire-Evergreen-DEBUG [macos]"), debug.stderr)
        XCTAssertTrue(apps(debug.stderr).contains("com.example.override [ios]"), debug.stderr)
        let release = try CLI.run(["check", "--verbose", "--configuration", "Release"], in: dir)
        XCTAssertTrue(apps(release.stderr).contains("com.ranchero.NetNewsWire-Evergreen [macos]"), release.stderr)
        // --config names another configuration file.
        try "return { configuration = \"Release\" }".write(
            to: dir.appendingPathComponent("ci.lua"), atomically: true, encoding: .utf8)
        let other = try CLI.run(["check", "--verbose", "--config", "ci.lua"], in: dir)
        XCTAssertTrue(apps(other.stderr).contains("com.ranchero.NetNewsWire.iOS [ios]"), other.stderr)
        // An unknown key is reported with its name.
        try "return { configuraton = \"Debug\" }".write(
            to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", "--config", "bad.lua"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("did you mean 'configuration'"), bad.stderr)
    }

    func testAMalformedProjectIsAnErrorWithItsLine() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = { isa = PBXProject;\n\t\t\n".write(
            to: project.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["check"], in: dir)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("App.xcodeproj/project.pbxproj:"), run.stderr)
    }

    func testProjectFilesCannotReadOutsideTheRepository() throws {
        let dir = try copy("WireGuard__wireguard-apple")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let config = dir.appendingPathComponent("Sources/WireGuardApp/Config/Config.xcconfig")
        try
            ("#include \"/etc/passwd\"\n#include \"../../../../../../../../etc/hostname\"\n"
            + String(contentsOf: config, encoding: .utf8))
            .write(to: config, atomically: true, encoding: .utf8)
        let run = try CLI.run(["check", "--verbose"], in: dir)
        XCTAssertTrue([0, 1].contains(run.status), run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("root:"), "no line of /etc/passwd reaches the output")
        XCTAssertTrue(run.stdout.contains("names a file outside the repository"), run.stdout)
    }

    /// An Xcode Run Script runs in `$SRCROOT`, which for OpenEmu is `OpenEmu/`, one level below
    /// the git root, and its `Config.xcconfig` includes `../CodeSign.xcconfig`. The repository is
    /// the git work tree wherever the run starts: that file is read, not refused as outside.
    func testARunFromASubfolderReadsWhatTheRepositoryHolds() throws {
        let dir = try copy("OpenEmu__OpenEmu")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        try "DEVELOPMENT_TEAM = ABCDE12345\n".write(
            to: dir.appendingPathComponent("CodeSign.xcconfig"), atomically: true, encoding: .utf8)
        let refused = "#include? \"../CodeSign.xcconfig\" names a file outside the repository"
        // Without a git work tree the folder the run starts in is the repository: refused.
        let alone = try CLI.run(["check"], in: dir.appendingPathComponent("OpenEmu"))
        XCTAssertTrue(alone.stdout.contains(refused), alone.stdout)
        try git(["init", "-q"], in: dir)
        let inRepository = try CLI.run(["check"], in: dir.appendingPathComponent("OpenEmu"))
        XCTAssertTrue([0, 1].contains(inRepository.status), inRepository.stderr)
        XCTAssertFalse(inRepository.stdout.contains(refused), inRepository.stdout)
    }

    /// A bug a fetched repository (Gifski) showed: `INFOPLIST_FILE = "$(SRCROOT)/…"` expanded to
    /// an absolute path, so findings named where the checkout lives, and `diff --git` printed
    /// its temporary folders.
    func testSRCROOTInInfoPlistFileStillGivesRepositoryPaths() throws {
        let dir = try copy("coteditor__CotEditor")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let pbxproj = dir.appendingPathComponent("CotEditor.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: pbxproj, encoding: .utf8)
        try text.replacingOccurrences(
            of: "INFOPLIST_FILE = CotEditor/Info.plist;", with: "INFOPLIST_FILE = \"$(SRCROOT)/CotEditor/Info.plist\";"
        )
        .write(to: pbxproj, atomically: true, encoding: .utf8)
        let run = try CLI.run(["check", "--verbose"], in: dir)
        XCTAssertTrue(run.stderr.contains("app: com.coteditor.CotEditor [macos] CotEditor/Info.plist"), run.stderr)
        XCTAssertTrue(run.stdout.contains("\nCotEditor/Info.plist:"), run.stdout)
        XCTAssertFalse((run.stdout + run.stderr).contains(dir.path), "no absolute path: \(run.stdout)")

        try git(["init", "-q"], in: dir)
        try git(["add", "-A"], in: dir)
        try git(["commit", "-q", "-m", "one"], in: dir)
        let plist = dir.appendingPathComponent("CotEditor/Info.plist")
        try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(
            of: "<string>Default</string>", with: "<string>Owner</string>"
        )
        .write(to: plist, atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-a", "-m", "two"], in: dir)
        let diff = try CLI.run(["diff", "--git", "HEAD~1..HEAD"], in: dir)
        XCTAssertTrue(diff.stdout.contains("+ CotEditor/Info.plist:"), diff.stdout)
        XCTAssertFalse(diff.stdout.contains("/tmp") || diff.stdout.contains(dir.path), diff.stdout)
    }

    /// UTM's iOS-SE target reads an Info.plist a script phase writes into DERIVED_FILE_DIR: the
    /// note says so and how to check it, instead of "not in the repository".
    func testAnInfoPlistWrittenByTheBuildIsExplained() throws {
        let dir = try copy("coteditor__CotEditor")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let pbxproj = dir.appendingPathComponent("CotEditor.xcodeproj/project.pbxproj")
        try String(contentsOf: pbxproj, encoding: .utf8)
            .replacingOccurrences(
                of: "INFOPLIST_FILE = CotEditor/Info.plist;",
                with: "INFOPLIST_FILE = \"$(DERIVED_FILE_DIR)/Info.plist\";"
            )
            .write(to: pbxproj, atomically: true, encoding: .utf8)
        // The only app target cannot be read: nothing to check (exit 2), and the error says why.
        let run = try CLI.run(["check"], in: dir)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("no manifests found"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("is produced during the build ($(DERIVED_FILE_DIR) is build output"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("CotEditor.xcodeproj/project.pbxproj:"), "names the line that sets it: \(run.stderr)")
    }

    func testTestFromAParentFolderRunsEachSuiteWithItsOwnConfiguration() throws {
        let run = try CLI.run(["test"], in: CLI.packageRoot.appendingPathComponent("examples"))
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        for example in ["docinteraction", "document-app", "molecules", "sysstats"] {
            XCTAssertTrue(run.stderr.contains("with \(example)/.uniform.lua"), run.stderr)
        }
        XCTAssertTrue(run.stdout.contains("57 passed, 0 failed"), run.stdout)
    }

    // MARK: - Support

    /// A copy of a shared repository in a fresh temporary folder (tests that write).
    func copy(_ repository: String) throws -> URL {
        let source = URL(fileURLWithPath: try CLI.shared("realworld/xcode/\(repository)"))
        let parent = try CLI.temporaryDirectory()
        let target = parent.appendingPathComponent(repository)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }

    func git(_ arguments: [String], in dir: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-c", "user.name=uniform", "-c", "user.email=uniform@example.com", "-c", "commit.gpgsign=false"]
            + arguments
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }
}
