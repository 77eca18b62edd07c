import Foundation
import XCTest

/// The binary on the Xcode fixtures (`Tests/UniformCoreTests/XcodeFixtures`), as a user runs it
/// in a repository with no set-up: what `check` reports, word for word and line for line, what
/// `--verbose` says was read, and what the apps answer. Each run is in a copy outside any git
/// work tree, so the fixture's folder is the repository and `../../Outside.xcconfig` is outside.
final class XcodeFixtureCLITests: XCTestCase {
    var copy: URL!

    override func setUpWithError() throws {
        copy = try CLI.temporaryDirectory()
        let fixtures = CLI.packageRoot.appendingPathComponent("Tests/UniformCoreTests/XcodeFixtures")
        for name in ["Settings", "Suite"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: copy)
    }

    func run(_ arguments: [String], in fixture: String) throws -> CLI.Result {
        try CLI.run(arguments, in: copy.appendingPathComponent(fixture))
    }

    /// `--verbose`'s `app:` and `not an app:` lines.
    func apps(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("app: ") || $0.hasPrefix("not an app: ") }
    }

    func testSettingsCheckReportsEveryIncludeProblemAtItsLine() throws {
        let run = try run(["check", "--verbose"], in: "Settings")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            Config/App.xcconfig:2:1: warning: #include "Signing.xcconfig": cannot read Config/Signing.xcconfig; its settings are not applied (use #include? for an optional file) [xcconfig.missing-include]
            Config/App.xcconfig:4:1: warning: #include "../../Outside.xcconfig" names a file outside the repository; it is not read and its settings are not applied [xcconfig.include-outside]
            Config/App.xcconfig:5:1: note: #include? "/etc/uniform-fixture.xcconfig" names a file outside the repository; it is not read and its settings are not applied [xcconfig.include-outside]
            Config/Cycle.xcconfig:1:1: warning: #include "App.xcconfig" includes a file that is already being read; the cycle is cut here [xcconfig.include-cycle]
            Legacy/Info.plist:31:3: note: 'com.example.notes.note' is also declared at Notes/Info.plist:32:3 (exported by com.example.notes); this declaration (imported by com.example.legacy) is ignored: an exported declaration takes precedence over an imported one [duplicate-declaration]
            Notes/Info.plist:4:1: warning: iOS app com.example.notes declares document types but sets neither LSSupportsOpeningDocumentsInPlace nor UISupportsDocumentBrowser: App Store Connect warns (ITMS-90737); add one of them (YES or NO) [ios-document-support-key]
            Settings.xcodeproj/project.pbxproj:164:3: warning: the base configuration Outside.xcconfig is outside the repository; it is not read and its settings are not applied [xcode.outside-repository]
            0 errors, 5 warnings, 2 notes in 3 manifests

            """)
        XCTAssertEqual(
            apps(run.stderr),
            [
                "app: com.example.notes [ios] Notes/Info.plist — Settings › Notes (application, Release; SUPPORTED_PLATFORMS = iphoneos iphonesimulator macosx)",
                "app: com.example.notes [macos] Notes/Info.plist — Settings › Notes (application, Release; SUPPORTED_PLATFORMS = iphoneos iphonesimulator macosx)",
                "app: com.example.legacy [macos] Legacy/Info.plist — Settings › Legacy (application, Release; SDKROOT = macosx)",
            ])
        XCTAssertFalse((run.stdout + run.stderr).contains(copy.path), "no absolute path")
    }

    /// `--configuration Debug`: `BUNDLE_SUFFIX[config=Debug]` applies; Legacy has no Debug
    /// configuration and builds its default, Release.
    func testSettingsDebugConfiguration() throws {
        let run = try run(["check", "--verbose", "--configuration", "Debug"], in: "Settings")
        XCTAssertEqual(
            apps(run.stderr),
            [
                "app: com.example.notes.debug [ios] Notes/Info.plist — Settings › Notes (application, Debug; SUPPORTED_PLATFORMS = iphoneos iphonesimulator macosx)",
                "app: com.example.notes.debug [macos] Notes/Info.plist — Settings › Notes (application, Debug; SUPPORTED_PLATFORMS = iphoneos iphonesimulator macosx)",
                "app: com.example.legacy [macos] Legacy/Info.plist — Settings › Legacy (application, Release; SDKROOT = macosx)",
            ])
    }

    /// The multiplatform app answers on both platforms; the Mac-only one only on macOS.
    func testSettingsResolvePerPlatform() throws {
        let run = try run(["resolve", ".note"], in: "Settings")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                "on iOS 27:\n.note → com.example.notes.note  [exported by com.example.notes, Notes/Info.plist:32:3]"),
            run.stdout)
        XCTAssertTrue(
            run.stdout.contains(
                """
                handlers (role all):
                  1. com.example.notes   Owner     Editor  exact  [default]
                  2. com.example.legacy  Alternate Viewer  exact
                """), run.stdout)
    }

    /// Catalyst apps and their extensions, generated Info.plists (the Reader's
    /// `INFOPLIST_KEY_LSSupportsOpeningDocumentsInPlace` spares it the document-support
    /// warning Notes gets), the workspace's absent and outside members, and the targets that
    /// are not apps.
    func testSuiteCheckAndWhatVerboseSaysWasRead() throws {
        let run = try run(["check", "--verbose"], in: "Suite")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            Suite.xcworkspace/contents.xcworkspacedata:13: note: the workspace lists Modules/Absent/Absent.xcodeproj, which is not in the repository (a submodule not checked out?); its targets are not read [xcode.missing-project]
            Suite.xcworkspace/contents.xcworkspacedata:20: note: the workspace lists Vendor/Kit/Kit.xcodeproj, which is not in the repository (a submodule not checked out?); its targets are not read [xcode.missing-project]
            Suite.xcworkspace/contents.xcworkspacedata:23: note: the workspace lists Far.xcodeproj, which is outside the folder searched; it is not read [xcode.outside-repository]
            0 errors, 0 warnings, 3 notes in 6 manifests

            """)
        XCTAssertEqual(
            apps(run.stderr),
            [
                "app: com.example.reader [ios] Reader/Info.plist — Suite › Reader (application, Release; SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES (a Mac Catalyst app too))",
                "app: com.example.reader [macos] Reader/Info.plist — Suite › Reader (application, Release; SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES (a Mac Catalyst app too))",
                "app: com.example.reader.share [ios] Share/Info.plist — Suite › Share (app-extension, Release; SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES, as its host 'Reader' (Mac Catalyst too)), embedded in com.example.reader",
                "app: com.example.reader.share [macos] Share/Info.plist — Suite › Share (app-extension, Release; SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES, as its host 'Reader' (Mac Catalyst too)), embedded in com.example.reader",
                "app: com.example.phone [ios] Suite.xcodeproj/project.pbxproj — Suite › Phone (application, Release; SDKROOT = iphoneos)",
                "app: com.example.phone.widget [ios] Suite.xcodeproj/project.pbxproj — Suite › PhoneWidget (app-extension, Release; SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES but its host 'Phone' does not build for Mac Catalyst (iOS only: an extension runs on the Mac only in a host that does)), embedded in com.example.phone",
                "not an app: Tools › tool: tool is not an app, extension or document plug-in",
                "not an app: Suite › ReaderKit: framework is not an app, extension or document plug-in",
                "not an app: Suite › TV: builds for appletvos only; uniform models iOS and macOS",
                "not an app: Suite › Lint: PBXAggregateTarget (builds no product)",
            ])
    }
}
