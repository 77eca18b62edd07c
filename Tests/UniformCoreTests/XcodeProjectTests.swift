import Foundation
import UniformCore
import XCTest

/// The eight real repositories in `../shared/realworld/xcode/` (their README and SOURCES.tsv
/// say what each exercises): every app-like target found, with its bundle id and platform
/// where the repository defines them, and a note naming what is missing where it does not.
final class XcodeProjectTests: XCTestCase {
    struct Found: Equatable, CustomStringConvertible {
        var target: String
        var platform: Platform
        var bundleID: String?
        var infoPlist: String?
        var description: String { "\(target) [\(platform)] \(bundleID ?? "-") \(infoPlist ?? "-")" }
    }

    /// Discovers the projects of a shared repository and reads every one, as `uniform check`
    /// does in its root.
    func read(
        _ repository: String, configuration: String = "Release"
    ) throws -> (apps: [ProjectApp], result: ProjectReader.Result, discovery: ProjectDiscovery, root: String) {
        let root = try Fixtures.shared("realworld/xcode/\(repository)")
        let discovery = ProjectDiscovery.search(root)
        var combined = ProjectReader.Result()
        for path in discovery.projects {
            let project = try XcodeProject.load(path)
            let result = ProjectReader(configuration: configuration, boundary: root).read(project)
            combined.apps += result.apps
            combined.skipped += result.skipped
            combined.findings += result.findings
        }
        return (combined.apps, combined, discovery, root)
    }

    func summary(_ apps: [ProjectApp], root: String) -> [Found] {
        apps.map {
            Found(
                target: $0.target, platform: $0.platform, bundleID: $0.bundleID,
                infoPlist: $0.infoPlist.map { String($0.dropFirst(root.count + 1)) })
        }
    }

    func testShapeScriptIOSAndMacTargetsShareAnIdAndThePreviewExtensionIsEmbedded() throws {
        let (apps, result, _, root) = try read("nicklockwood__ShapeScript")
        XCTAssertEqual(
            summary(apps, root: root),
            [
                Found(
                    target: "Viewer (Mac)", platform: .macos, bundleID: "com.charcoaldesign.ShapeScriptViewer",
                    infoPlist: "Viewer/Mac/Info.plist"),
                Found(
                    target: "Viewer (iOS)", platform: .ios, bundleID: "com.charcoaldesign.ShapeScriptViewer",
                    infoPlist: "Viewer/iOS/Info.plist"),
                Found(
                    target: "Preview (Mac)", platform: .macos, bundleID: "com.charcoaldesign.ShapeScriptViewer.Preview",
                    infoPlist: "Preview/Info.plist"),
            ])
        XCTAssertEqual(apps.first { $0.target == "Preview (Mac)" }?.host, "Viewer (Mac)")
        XCTAssertTrue(apps.allSatisfy(\.generatesInfoPlist))
        let launch = apps.first { $0.target == "Viewer (iOS)" }?.generatedKeys.first {
            $0.key == "UILaunchStoryboardName"
        }
        XCTAssertEqual(launch?.value, "LaunchScreen")
        XCTAssertEqual(launch?.location.line, 1020)
        // Frameworks and tests are not apps; the reason is given.
        XCTAssertTrue(result.skipped.contains { $0.reason.contains("framework") })
    }

    func testNetNewsWireSettingsLiveInXcconfigsReachedThroughXcode16Anchors() throws {
        let (apps, result, _, root) = try read("Ranchero-Software__NetNewsWire")
        XCTAssertEqual(
            summary(apps, root: root),
            [
                Found(
                    target: "NetNewsWire", platform: .macos, bundleID: "com.ranchero.NetNewsWire-Evergreen",
                    infoPlist: "Mac/Resources/Info.plist"),
                Found(
                    target: "NetNewsWire-iOS", platform: .ios, bundleID: "com.ranchero.NetNewsWire.iOS",
                    infoPlist: "iOS/Resources/Info.plist"),
                Found(
                    target: "Subscribe to Feed", platform: .macos,
                    bundleID: "com.ranchero.NetNewsWire-Evergreen.SubscribeToFeed",
                    infoPlist: "Mac/SafariExtension/Info.plist"),
                Found(
                    target: "NetNewsWire iOS Share Extension", platform: .ios,
                    bundleID: "com.ranchero.NetNewsWire.iOS.Share-Extension", infoPlist: "iOS/ShareExtension/Info.plist"
                ),
                Found(
                    target: "NetNewsWire iOS Widget Extension", platform: .ios,
                    bundleID: "com.ranchero.NetNewsWire.iOS.SpringboardWidgets", infoPlist: "Widget/Info.plist"),
                Found(
                    target: "NetNewsWire Share Extension", platform: .macos,
                    bundleID: "com.ranchero.NetNewsWire-Evergreen.Mac.ShareExtension",
                    infoPlist: "Mac/ShareExtension/Info.plist"),
            ])
        // The bundle id's setting is located in the xcconfig that wrote it.
        let mac = try XCTUnwrap(apps.first)
        let location = try XCTUnwrap(mac.settingLocations["PRODUCT_BUNDLE_IDENTIFIER"])
        XCTAssertTrue(location.file.hasSuffix("xcconfig/NetNewsWire_macapp_target.xcconfig"), location.file)
        XCTAssertEqual(location.line, 5)
        // Includes outside the repository are reported and not read.
        XCTAssertTrue(
            result.findings.contains {
                $0.rule == "xcconfig.include-outside" && $0.message.contains("SharedXcodeSettings")
            })
        XCTAssertEqual(
            Set(result.findings.map { "\($0.location.map(\.description) ?? "")\($0.message)" }).count,
            result.findings.count, "findings are reported once")
    }

    func testNetNewsWireDebugConfigurationAddsItsSuffix() throws {
        let (apps, _, _, _) = try read("Ranchero-Software__NetNewsWire", configuration: "Debug")
        XCTAssertEqual(apps.first?.bundleID, "com.ranchero.NetNewsWire-Evergreen-DEBUG")
        XCTAssertEqual(apps.first?.configuration, "Debug")
    }

    func testCotEditorIsOneMacAppAndItsHelpBookIsNot() throws {
        let (apps, _, discovery, root) = try read("coteditor__CotEditor")
        XCTAssertEqual(
            summary(apps, root: root),
            [
                Found(
                    target: "CotEditor", platform: .macos, bundleID: "com.coteditor.CotEditor",
                    infoPlist: "CotEditor/Info.plist")
            ])
        XCTAssertTrue(discovery.plists.contains { $0.hasSuffix("CotEditor.help/Contents/Info.plist") })
    }

    func testCotEditorSparkleConfigurationReadsItsOwnXcconfig() throws {
        let (apps, _, _, _) = try read("coteditor__CotEditor", configuration: "Release-Sparkle")
        XCTAssertEqual(apps.map(\.configuration), ["Release-Sparkle"])
        XCTAssertEqual(apps.first?.bundleID, "com.coteditor.CotEditor")
    }

    func testHexFiendProjectInASubfolderAndAPerConfigurationInfoPlist() throws {
        let (apps, result, _, root) = try read("HexFiend__HexFiend")
        XCTAssertEqual(
            summary(apps, root: root),
            [
                Found(
                    target: "HexFiend_2", platform: .macos, bundleID: "com.ridiculousfish.HexFiend",
                    infoPlist: "app/Info.plist"),
                Found(
                    target: "HexFiendling", platform: .macos, bundleID: "com.ridiculousfish.HexFiendling",
                    infoPlist: "app/sample_code/HexFiendling/Info.plist"),
            ])
        let mas = try read("HexFiend__HexFiend", configuration: "Release+MAS")
        XCTAssertEqual(mas.apps.first?.infoPlist.map { String($0.dropFirst(root.count + 1)) }, "app/Info_MAS.plist")
        // The iOS framework is a framework, whatever its SDK.
        XCTAssertTrue(result.skipped.contains { $0.target == "HexFiend_Framework_iOS" })
    }

    func testOpenEmuWorkspaceListsAbsentSubmodulesAsNotes() throws {
        let (apps, _, discovery, root) = try read("OpenEmu__OpenEmu")
        XCTAssertEqual(
            summary(apps, root: root).map(\.description),
            [
                "OpenEmu [macos] org.openemu.OpenEmu OpenEmu/OpenEmu-Info.plist",
                "broker [macos] org.openemu.broker OpenEmu/broker/Info.plist",
                "OpenEmuQLThumbnail [macos] org.openemu.OpenEmu.OpenEmuQLThumbnail OpenEmu/OpenEmuQLThumbnail/Info.plist",
                "OpenEmuQLPreview [macos] org.openemu.OpenEmu.OpenEmuQLPreview OpenEmu/OpenEmuQLPreview/Info.plist",
                "OESaveStateQLPlugin [macos] org.openemu.savestategenerator OpenEmu/OpenEmuQLGenerator/OESaveStateQLPlugin-Info.plist",
                "OEAlertTest [macos] com.openemu.OEAlertTest OpenEmu/OEAlertTest/Info.plist",
            ])
        XCTAssertEqual(discovery.workspaces.count, 2)
        // One note per workspace, each naming its count and pointing at every absent project.
        let missing = discovery.findings.filter { $0.rule == "xcode.missing-project" }
        XCTAssertEqual(missing.count, 2)
        XCTAssertGreaterThan(missing.map { $0.related.count + 1 }.reduce(0, +), 20)
        XCTAssertTrue(missing.allSatisfy { $0.severity == .note && $0.location?.line != nil })
        XCTAssertTrue(missing.contains { $0.message.contains("the workspace lists 29 projects") }, "\(missing)")
        // System plug-ins are bundles of another kind: not apps.
        XCTAssertEqual(apps.count, 6)
    }

    func testWireGuardIdsDependOnAnXcconfigThatIsNotInTheRepository() throws {
        let (apps, result, _, root) = try read("WireGuard__wireguard-apple")
        XCTAssertEqual(
            summary(apps, root: root).map(\.description),
            [
                "WireGuardiOS [ios] $(APP_ID_IOS) Sources/WireGuardApp/UI/iOS/Info.plist",
                "WireGuardNetworkExtensioniOS [ios] $(APP_ID_IOS).network-extension Sources/WireGuardNetworkExtension/Info.plist",
                "WireGuardmacOS [macos] $(APP_ID_MACOS) Sources/WireGuardApp/UI/macOS/Info.plist",
                "WireGuardNetworkExtensionmacOS [macos] $(APP_ID_MACOS).network-extension Sources/WireGuardNetworkExtension/Info.plist",
                "WireGuardmacOSLoginItemHelper [macos] $(APP_ID_MACOS).login-item-helper Sources/WireGuardApp/UI/macOS/LoginItemHelper/Info.plist",
            ])
        XCTAssertTrue(apps.allSatisfy { $0.unreadIncludes.contains { $0.contains("Developer.xcconfig") } })
        XCTAssertTrue(
            result.findings.contains {
                $0.rule == "xcconfig.missing-include" && $0.message.contains("Developer.xcconfig")
            })
        XCTAssertEqual(apps.first { $0.target == "WireGuardNetworkExtensioniOS" }?.host, "WireGuardiOS")
        XCTAssertEqual(apps.first { $0.target == "WireGuardmacOSLoginItemHelper" }?.host, "WireGuardmacOS")
    }

    func testEnchantedIsOneTargetOnIOSAndMacOS() throws {
        let (apps, _, _, root) = try read("gluonfield__enchanted")
        XCTAssertEqual(
            summary(apps, root: root),
            [
                Found(
                    target: "Enchanted", platform: .ios, bundleID: "subj.Enchanted", infoPlist: "Enchanted/Info.plist"),
                Found(
                    target: "Enchanted", platform: .macos, bundleID: "subj.Enchanted", infoPlist: "Enchanted/Info.plist"
                ),
            ])
        // `INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*] = YES` holds on iOS only.
        let ios = try XCTUnwrap(apps.first { $0.platform == .ios })
        let mac = try XCTUnwrap(apps.first { $0.platform == .macos })
        XCTAssertEqual(ios.settings["INFOPLIST_KEY_UILaunchScreen_Generation"], "YES")
        XCTAssertNil(mac.settings["INFOPLIST_KEY_UILaunchScreen_Generation"])
        XCTAssertTrue(ios.platformReason.contains("SUPPORTED_PLATFORMS"))
    }

    func testQLVideoPluginsExtensionKitAndAGeneratedOnlyApp() throws {
        let (apps, result, _, root) = try read("Marginal__QLVideo")
        XCTAssertEqual(
            summary(apps, root: root).map(\.description),
            [
                "QuickLook Video [macos] uk.org.marginal.qlvideo app/Info.plist",
                "mdimporter [macos] uk.org.marginal.qlvideo.mdimporter mdimporter/Info.plist",
                "formatreader [macos] uk.org.marginal.qlvideo.formatreader formatreader/Info.plist",
                "videodecoder [macos] uk.org.marginal.qlvideo.videodecoder videodecoder/Info.plist",
                "simpleplayer [macos] uk.org.marginal.qlvideo.simpleplayer -",
            ])
        XCTAssertEqual(apps.last?.generatesInfoPlist, true)
        XCTAssertEqual(apps.first { $0.target == "mdimporter" }?.host, "QuickLook Video")
        XCTAssertEqual(result.skipped.map(\.target), ["ffmpeg", "dav1d", "zimg"])
    }

    func testAMalformedProjectIsAnErrorWithItsLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "uniform-pbx-\(UUID().uuidString)/Broken.xcodeproj")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        try "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tAB = { isa = PBXProject; \n}\n".write(
            to: dir.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try XcodeProject.load(dir.path)) { error in
            let description = (error as? ProjectError)?.description ?? ""
            XCTAssertTrue(description.contains("project.pbxproj:"), description)
        }
        try "{ archiveVersion = 1; objects = {}; }".write(
            to: dir.appendingPathComponent("project.pbxproj"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try XcodeProject.load(dir.path)) { error in
            XCTAssertTrue("\(error)".contains("rootObject"), "\(error)")
        }
    }
}
