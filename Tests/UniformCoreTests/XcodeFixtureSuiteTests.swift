import Foundation
import UniformCore
import XCTest

/// `XcodeFixtures/Suite`: which targets are apps, on which platforms, hosted by which app,
/// with which generated Info.plist keys; and the workspace that lists the project beside
/// members that are absent or outside.
final class XcodeFixtureSuiteTests: XCTestCase {
    let project = "Suite.xcodeproj/project.pbxproj"

    /// An iOS app with `SUPPORTS_MACCATALYST = YES` is a Mac app too, and so is an extension
    /// it embeds (Xcode builds the embedded products of the Mac Catalyst variant). An
    /// extension that inherits YES from the project inside an app that says NO stays on iOS:
    /// it exists on the Mac only inside a host that does.
    func testCatalystAppsAndTheExtensionsTheyEmbed() throws {
        let fixture = try XcodeFixture("Suite")
        XCTAssertEqual(
            fixture.apps.map(fixture.summary),
            [
                "Reader [ios] com.example.reader Reader/Info.plist",
                "Reader [macos] com.example.reader Reader/Info.plist",
                "Share [ios] com.example.reader.share Share/Info.plist",
                "Share [macos] com.example.reader.share Share/Info.plist",
                "Phone [ios] com.example.phone -",
                "PhoneWidget [ios] com.example.phone.widget -",
            ])
        XCTAssertEqual(
            fixture.apps.map(\.platformReason),
            [
                "SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES (a Mac Catalyst app too)",
                "SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES (a Mac Catalyst app too)",
                "SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES, as its host 'Reader' (Mac Catalyst too)",
                "SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES, as its host 'Reader' (Mac Catalyst too)",
                "SDKROOT = iphoneos",
                "SDKROOT = iphoneos, SUPPORTS_MACCATALYST = YES but its host 'Phone' does not build for Mac Catalyst (iOS only: an extension runs on the Mac only in a host that does)",
            ])
        XCTAssertEqual(fixture.apps.map { $0.host ?? "-" }, ["-", "-", "Reader", "Reader", "-", "Phone"])
        // `DERIVE_MACCATALYST_PRODUCT_BUNDLE_IDENTIFIER = NO` (Xcode's "Use iOS Bundle
        // Identifier"): the Mac Catalyst app keeps the iOS id.
        XCTAssertEqual(fixture.app("Reader", .macos)?.settings["DERIVE_MACCATALYST_PRODUCT_BUNDLE_IDENTIFIER"], "NO")
        XCTAssertEqual(fixture.app("Reader", .macos)?.parameters.sdk, "macosx")
        XCTAssertEqual(fixture.findings.map(fixture.summary), [])
    }

    func testTargetsThatAreNotAppsAreSkippedWithTheirReason() throws {
        let fixture = try XcodeFixture("Suite")
        XCTAssertEqual(
            fixture.skipped.map { "\($0.target): \($0.reason)" },
            [
                // Modules/Tools/Tools.xcodeproj sorts before Suite.xcodeproj.
                "tool: tool is not an app, extension or document plug-in",
                "ReaderKit: framework is not an app, extension or document plug-in",
                "TV: builds for appletvos only; uniform models iOS and macOS",
                "Lint: PBXAggregateTarget (builds no product)",
            ])
    }

    /// `GENERATE_INFOPLIST_FILE = YES`: each `INFOPLIST_KEY_<Key>` is a key of the Info.plist,
    /// at the line of its setting; YES/NO are booleans and the orientation list an array
    /// (Xcode Help, "Build settings reference": "Generate Info.plist File", "Info.plist Values").
    func testGeneratedInfoPlistKeysAndTheirLines() throws {
        let fixture = try XcodeFixture("Suite")
        let phone = try XCTUnwrap(fixture.app("Phone", .ios))
        XCTAssertTrue(phone.generatesInfoPlist)
        XCTAssertNil(phone.infoPlist)
        XCTAssertEqual(
            phone.generatedKeys.map { "\($0.key)=\($0.value) \(fixture.relative($0.location))" },
            [
                "CFBundleDisplayName=Phone \(project):239",
                "UISupportedInterfaceOrientations=UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft \(project):240",
                "UISupportsDocumentBrowser=YES \(project):241",
            ])
        let reader = try XCTUnwrap(fixture.app("Reader", .ios))
        XCTAssertEqual(
            reader.generatedKeys.map { "\($0.key)=\($0.value) \(fixture.relative($0.location))" },
            [
                "CFBundleDisplayName=Reader \(project):219",
                "LSSupportsOpeningDocumentsInPlace=YES \(project):220",
            ])

        let loaded = ManifestLoader().load(fixture.apps.map(ManifestLoader.Entry.project))
        XCTAssertEqual(loaded.errors.map(\.description), [])
        XCTAssertEqual(
            loaded.manifests.map {
                "\($0.bundleID) [\($0.platform)] \($0.name ?? "-") \(fixture.relative($0.location))"
            },
            [
                "com.example.reader [ios] Reader Reader/Info.plist:4",
                "com.example.reader [macos] Reader Reader/Info.plist:4",
                "com.example.reader.share [ios] - Share/Info.plist:4",
                "com.example.reader.share [macos] - Share/Info.plist:4",
                "com.example.phone [ios] Phone \(project):114",
                "com.example.phone.widget [ios] Phone Widget \(project):129",
            ])
        let manifests = Dictionary(grouping: loaded.manifests, by: \.bundleID)
        // Keys the Info.plist lacks come from the settings; the file's own keys stay.
        XCTAssertEqual(manifests["com.example.reader"]?.map(\.supportsOpeningDocumentsInPlace), [true, true])
        XCTAssertEqual(manifests["com.example.phone"]?.first?.supportsDocumentBrowser, true)
        XCTAssertEqual(manifests["com.example.reader"]?.first?.claims.map(\.role.rawValue), ["Viewer"])
        XCTAssertEqual(
            manifests["com.example.reader.share"]?.map { $0.origin?.host ?? "-" }, ["Reader", "Reader"])
    }

    /// The workspace lists the project (already found), a project in a group (found too), two
    /// that are absent (a note each at its line) and one outside the repository (a note).
    func testWorkspaceMembersAbsentOrOutsideAreNotes() throws {
        let fixture = try XcodeFixture("Suite")
        XCTAssertEqual(fixture.discovery.workspaces.map(fixture.relative), ["Suite.xcworkspace"])
        XCTAssertEqual(
            fixture.discovery.projects.map(fixture.relative), ["Modules/Tools/Tools.xcodeproj", "Suite.xcodeproj"])
        let workspace = "Suite.xcworkspace/contents.xcworkspacedata"
        XCTAssertEqual(
            fixture.discovery.findings.map(fixture.summary),
            [
                "note xcode.outside-repository \(workspace):23",
                "note xcode.missing-project \(workspace):13",
                "note xcode.missing-project \(workspace):20",
            ])
        XCTAssertEqual(
            fixture.discovery.findings.map { fixture.relative($0.subject ?? "-") },
            ["Far.xcodeproj", "Modules/Absent/Absent.xcodeproj", "Vendor/Kit/Kit.xcodeproj"])
    }
}
