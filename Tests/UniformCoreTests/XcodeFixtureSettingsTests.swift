import Foundation
import UniformCore
import XCTest

/// `XcodeFixtures/Settings`: how a target's build settings are resolved, on a repository in
/// this package (the real ones in `../shared` are an extra layer, not the only one).
///
/// The levels, lowest first, are Xcode's: the project's base `.xcconfig` (with what it
/// includes), the project's `buildSettings`, the target's base `.xcconfig`, the target's
/// `buildSettings` (Xcode Help, "Build settings reference" / "Configuration settings file":
/// "a target-level setting overrides a project-level setting"; `$(inherited)` is the value one
/// level down). Lines of the fixture files are named exactly: moving a line must fail here.
final class XcodeFixtureSettingsTests: XCTestCase {
    let project = "Settings.xcodeproj/project.pbxproj"

    func testReleaseAppsPlatformsAndInfoPlistPathsFromSRCROOT() throws {
        let fixture = try XcodeFixture("Settings")
        XCTAssertEqual(fixture.discovery.projects.map(fixture.relative), ["Settings.xcodeproj"])
        // `INFOPLIST_FILE = "$(SRCROOT)/Notes/Info.plist"` is named from the project's folder,
        // as a plain `Legacy/Info.plist` is, never as an absolute path.
        XCTAssertEqual(
            fixture.apps.map(fixture.summary),
            [
                "Notes [ios] com.example.notes Notes/Info.plist",
                "Notes [macos] com.example.notes Notes/Info.plist",
                "Legacy [macos] com.example.legacy Legacy/Info.plist",
            ])
        // `SDKROOT = auto` (Xcode's multiplatform targets) builds for SUPPORTED_PLATFORMS; the
        // simulator is the device's platform.
        XCTAssertEqual(
            fixture.apps.map(\.platformReason),
            [
                "SUPPORTED_PLATFORMS = iphoneos iphonesimulator macosx",
                "SUPPORTED_PLATFORMS = iphoneos iphonesimulator macosx",
                "SDKROOT = macosx",
            ])
        XCTAssertEqual(fixture.apps.map(\.configuration), ["Release", "Release", "Release"])
        XCTAssertEqual(fixture.skipped.map(\.target), [])
    }

    func testInheritedRunsThroughEveryLevelAndTheLinesOfOneLevel() throws {
        let fixture = try XcodeFixture("Settings")
        let notes = try XCTUnwrap(fixture.app("Notes", .ios))
        // Shared.xcconfig (included by Project.xcconfig: the same level, the earlier line),
        // Project.xcconfig, the project's buildSettings, App.xcconfig, the target's.
        XCTAssertEqual(
            notes.settings["OTHER_SWIFT_FLAGS"], "-DSHARED -DPROJECT_XCCONFIG -DPROJECT -DTARGET_XCCONFIG -DTARGET")
        XCTAssertEqual(notes.settings["ORG_PREFIX"], "com.example", "a project-level xcconfig reaches the target")
        XCTAssertEqual(fixture.relative(notes.settingLocations["PRODUCT_BUNDLE_IDENTIFIER"]), "\(project):159")
        XCTAssertEqual(fixture.relative(notes.settingLocations["INFOPLIST_FILE"]), "\(project):156")
        // The legacy target's base configuration is outside the repository: the project's
        // levels still apply.
        XCTAssertEqual(
            fixture.app("Legacy", .macos)?.settings["OTHER_SWIFT_FLAGS"], "-DSHARED -DPROJECT_XCCONFIG -DPROJECT")
    }

    func testSDKConditionsHoldPerPlatform() throws {
        let fixture = try XcodeFixture("Settings")
        let ios = try XCTUnwrap(fixture.app("Notes", .ios))
        let mac = try XCTUnwrap(fixture.app("Notes", .macos))
        // `[sdk=iphoneos*]` in App.xcconfig, `[sdk=macosx*]` in the target's buildSettings.
        XCTAssertEqual(ios.settings["INFOPLIST_KEY_UILaunchScreen_Generation"], "YES")
        XCTAssertNil(mac.settings["INFOPLIST_KEY_UILaunchScreen_Generation"])
        XCTAssertEqual(mac.settings["INFOPLIST_KEY_LSApplicationCategoryType"], "public.app-category.productivity")
        XCTAssertNil(ios.settings["INFOPLIST_KEY_LSApplicationCategoryType"])
        XCTAssertEqual(ios.settings["DISPLAY_NAME"], "Notes")
        XCTAssertEqual(mac.settings["DISPLAY_NAME"], "Notes for Mac")
        XCTAssertEqual(
            ios.generatedKeys.map { "\($0.key)=\($0.value) \(fixture.relative($0.location))" },
            ["UILaunchScreen_Generation=YES Config/App.xcconfig:8"])
        XCTAssertEqual(
            mac.generatedKeys.map { "\($0.key)=\($0.value) \(fixture.relative($0.location))" },
            ["LSApplicationCategoryType=public.app-category.productivity \(project):157"])
        XCTAssertEqual(ios.parameters, BuildParameters(sdk: "iphoneos", configuration: "Release"))
        XCTAssertEqual(mac.parameters, BuildParameters(sdk: "macosx", configuration: "Release"))
    }

    /// Every include problem is one finding at the line of its `#include`: a missing file is
    /// a warning, a missing optional one (`#include?`) nothing, a cycle is cut at the line that
    /// closes it, a file outside the repository is not opened (a warning, a note when
    /// optional), and a base configuration outside it is a warning at its configuration.
    func testIncludeFindingsAreExactAndReportedOnce() throws {
        let fixture = try XcodeFixture("Settings")
        XCTAssertEqual(
            fixture.findings.map(fixture.summary),
            [
                "warning xcconfig.missing-include Config/App.xcconfig:2",
                "warning xcconfig.include-cycle Config/Cycle.xcconfig:1",
                "warning xcconfig.include-outside Config/App.xcconfig:4",
                "note xcconfig.include-outside Config/App.xcconfig:5",
                "warning xcode.outside-repository \(project):164",
            ])
        XCTAssertEqual(
            fixture.findings.map(\.subject),
            [
                "Signing.xcconfig", "App.xcconfig", "../../Outside.xcconfig", "/etc/uniform-fixture.xcconfig",
                "Outside.xcconfig",
            ])
        let notes = try XCTUnwrap(fixture.app("Notes", .ios))
        // What the cycle's file set before it was cut is read.
        XCTAssertEqual(notes.settings["CYCLE_READ"], "YES")
        XCTAssertEqual(
            notes.unreadIncludes.map { fixture.relative($0) },
            [
                "Config/App.xcconfig:1:1: #include \"Local.xcconfig\"",
                "Config/App.xcconfig:2:1: #include \"Signing.xcconfig\"",
                "Config/App.xcconfig:4:1: #include \"../../Outside.xcconfig\"",
                "Config/App.xcconfig:5:1: #include \"/etc/uniform-fixture.xcconfig\"",
            ])
    }

    /// `[config=Debug]` holds in a Debug build only; a target without the configuration asked
    /// for builds its list's default (Xcode's `defaultConfigurationName`).
    func testTheBuildConfigurationChosen() throws {
        let debug = try XcodeFixture("Settings", configuration: "Debug")
        XCTAssertEqual(
            debug.apps.map { "\(debug.summary($0)) (\($0.configuration))" },
            [
                "Notes [ios] com.example.notes.debug Notes/Info.plist (Debug)",
                "Notes [macos] com.example.notes.debug Notes/Info.plist (Debug)",
                "Legacy [macos] com.example.legacy Legacy/Info.plist (Release)",
            ])
        // The Debug target configuration sets no category: the Release one's is not read.
        XCTAssertNil(debug.app("Notes", .macos)?.settings["INFOPLIST_KEY_LSApplicationCategoryType"])
        XCTAssertEqual(debug.app("Notes", .macos)?.settings["CONFIGURATION"], "Debug")
    }

    /// A configuration the project lacks: its default is used, and a note says so at it.
    func testAMissingConfigurationFallsBackToTheDefaultWithANote() throws {
        let beta = try XcodeFixture("Settings", configuration: "Beta")
        XCTAssertEqual(beta.apps.map(\.configuration), ["Release", "Release", "Release"])
        let missing = beta.findings.filter { $0.rule == "xcode.configuration-missing" }
        XCTAssertEqual(missing.map(beta.summary), ["note xcode.configuration-missing \(project):133"])
        XCTAssertEqual(missing.first?.message, "Settings has no build configuration 'Beta'; using 'Release'")
    }

    /// The Info.plists resolve against their target's settings, per platform.
    func testManifestsResolveAgainstTheirTargetsSettings() throws {
        let fixture = try XcodeFixture("Settings")
        let loaded = ManifestLoader().load(fixture.apps.map(ManifestLoader.Entry.project))
        XCTAssertEqual(loaded.errors.map(\.description), [])
        XCTAssertEqual(
            loaded.manifests.map { "\($0.bundleID) [\($0.platform)] \($0.name ?? "-")" },
            [
                "com.example.notes [ios] Notes", "com.example.notes [macos] Notes for Mac",
                "com.example.legacy [macos] Legacy",
            ])
        XCTAssertEqual(loaded.manifests.map { $0.unresolvedPlaceholders.map(\.value) }, [[], [], []])
    }
}
