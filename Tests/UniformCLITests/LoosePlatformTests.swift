import Foundation
import XCTest

/// The platform of a manifest read without its project, and why, in `--verbose` (issue 28).
final class LoosePlatformTests: XCTestCase {
    func testVerboseSaysWhichKeysDecidedALooseManifestsPlatform() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app(
                "com.acme.mac", claims: ["public.png"],
                header: """
                    <key>LSSupportsOpeningDocumentsInPlace</key><true/>
                    <key>LSMinimumSystemVersion</key><string>10.13</string>
                    <key>LSArchitecturePriority</key><array><string>arm64</string></array>
                    <key>LSEnvironment</key><dict/>
                    """), to: dir, "Mac/Info.plist")
        try TestManifest.write(
            TestManifest.app(
                "com.acme.phone", claims: ["public.png"], header: "<key>LSRequiresIPhoneOS</key><true/>"), to: dir,
            "Phone/Info.plist")
        let run = try CLI.run(["check", "--verbose", "Mac/Info.plist", "Phone/Info.plist"], in: dir)
        XCTAssertTrue(
            run.stderr.contains(
                "app: com.acme.mac [macos] Mac/Info.plist — platform: Info.plist keys: macOS 5 (LSMinimumSystemVersion, LSArchitecturePriority, LSEnvironment) outweighs iOS 2 (LSSupportsOpeningDocumentsInPlace)"
            ), run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "app: com.acme.phone [ios] Phone/Info.plist — platform: Info.plist keys: iOS 3 (LSRequiresIPhoneOS); none for macOS"
            ), run.stderr)
    }

    /// `.uniform.lua`'s `apps` override says so itself.
    func testAnOverriddenPlatformSaysWhere() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(TestManifest.app("com.acme.app", claims: ["public.png"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            "return {\n  manifests = { \"App/Info.plist\" },\n  apps = { [\"App/Info.plist\"] = { platform = \"ios\" } },\n}\n",
            to: dir,
            ".uniform.lua")
        let run = try CLI.run(["check", "--verbose"], in: dir)
        XCTAssertTrue(
            run.stderr.contains(
                "app: com.acme.app [ios] App/Info.plist — platform: platform = \"ios\" in .uniform.lua's apps"),
            run.stderr)
    }
}
