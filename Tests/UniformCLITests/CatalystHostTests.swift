import Foundation
import XCTest

/// An extension runs on Mac Catalyst only inside a host app that does (issue 28): a project
/// set `SUPPORTS_MACCATALYST = YES` at project level and NO on its app, and the extensions,
/// inheriting YES, were read as Mac apps too.
final class CatalystHostTests: XCTestCase {
    func repository(appCatalyst: String) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        let text = HostedProject.pbxproj(
            projectSettings: [("SDKROOT", "iphoneos"), ("SUPPORTS_MACCATALYST", "YES")],
            targets: [
                .init(
                    name: "App",
                    settings: [
                        ("PRODUCT_BUNDLE_IDENTIFIER", "com.acme.app"), ("INFOPLIST_FILE", "App/Info.plist"),
                        ("SUPPORTS_MACCATALYST", appCatalyst),
                    ], embeds: ["Share"]),
                .init(
                    name: "Share", productType: "com.apple.product-type.app-extension",
                    settings: [
                        ("PRODUCT_BUNDLE_IDENTIFIER", "com.acme.app.share"), ("INFOPLIST_FILE", "Share/Info.plist"),
                    ]),
            ])
        try TestProject.write(text, to: dir)
        try TestManifest.write(
            TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.png"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            TestManifest.app(
                "$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.jpeg"],
                extra:
                    "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>"
            ), to: dir, "Share/Info.plist")
        return dir
    }

    func apps(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("app: ") }.map(String.init)
    }

    func testAnExtensionOfAnAppWithoutCatalystIsIOSOnly() throws {
        let dir = try repository(appCatalyst: "NO")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["check", "--verbose"], in: dir)
        let apps = apps(run.stderr)
        XCTAssertEqual(
            apps.map { String($0.split(separator: " ")[1] + " " + $0.split(separator: " ")[2]) },
            ["com.acme.app [ios]", "com.acme.app.share [ios]"], run.stderr)
        let share = try XCTUnwrap(apps.first { $0.contains("com.acme.app.share") })
        XCTAssertTrue(
            share.contains(
                "SUPPORTS_MACCATALYST = YES but its host 'App' does not build for Mac Catalyst (iOS only: an extension runs on the Mac only in a host that does)"
            ), share)
    }

    func testAnExtensionOfACatalystAppIsAMacAppToo() throws {
        let dir = try repository(appCatalyst: "YES")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["check", "--verbose"], in: dir)
        let apps = apps(run.stderr)
        XCTAssertEqual(
            apps.map { String($0.split(separator: " ")[1] + " " + $0.split(separator: " ")[2]) },
            ["com.acme.app [ios]", "com.acme.app [macos]", "com.acme.app.share [ios]", "com.acme.app.share [macos]"],
            run.stderr)
        let share = try XCTUnwrap(apps.first { $0.contains("com.acme.app.share [macos]") })
        XCTAssertTrue(share.contains("SUPPORTS_MACCATALYST = YES, as its host 'App' (Mac Catalyst too)"), share)
        XCTAssertTrue(share.hasSuffix(", embedded in com.acme.app"), share)
    }
}
