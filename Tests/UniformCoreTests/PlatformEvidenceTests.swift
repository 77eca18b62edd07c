import UniformCore
import XCTest

/// The platform of a manifest read without its project, weighed from its keys (issue 28).
final class PlatformEvidenceTests: XCTestCase {
    func manifest(_ body: String) throws -> Manifest {
        try Fixtures.manifest("<key>CFBundleIdentifier</key><string>com.acme.app</string>" + body)
    }

    /// The Mac app of issue 28: one iOS key among Mac-only ones made it an iOS app, which then
    /// got the App Store's iOS warnings.
    func testAMacAppWithOneIOSKeyStaysAMacApp() throws {
        let m = try manifest(
            """
            <key>LSSupportsOpeningDocumentsInPlace</key><true/>
            <key>LSMinimumSystemVersion</key><string>10.13</string>
            <key>LSArchitecturePriority</key><array><string>arm64</string></array>
            <key>LSEnvironment</key><dict><key>A</key><string>b</string></dict>
            """)
        XCTAssertEqual(m.platform, .macos)
        XCTAssertEqual(
            m.platformReason,
            "Info.plist keys: macOS 5 (LSMinimumSystemVersion, LSArchitecturePriority, LSEnvironment) outweighs iOS 2 (LSSupportsOpeningDocumentsInPlace)"
        )
    }

    func testAnIOSAppWithAMacKeyStaysAnIOSApp() throws {
        let m = try manifest(
            """
            <key>LSRequiresIPhoneOS</key><true/>
            <key>UISupportedInterfaceOrientations~ipad</key><array><string>UIInterfaceOrientationPortrait</string></array>
            <key>NSHumanReadableCopyright</key><string>© Acme</string>
            <key>NSPrincipalClass</key><string>AcmeApplication</string>
            """)
        XCTAssertEqual(m.platform, .ios)
        XCTAssertEqual(
            m.platformReason,
            "Info.plist keys: iOS 6 (LSRequiresIPhoneOS, UISupportedInterfaceOrientations~ipad) outweighs macOS 2 (NSHumanReadableCopyright, NSPrincipalClass)"
        )
    }

    /// The strong Mac signs: AppKit's document class, the plug-in roles, `NSPrincipalClass =
    /// NSApplication`, Sparkle's feed.
    func testMacOnlyDocumentTypesAndPrincipalClassOutweighAnIOSKey() throws {
        for body in [
            "<key>CFBundleDocumentTypes</key><array><dict><key>NSDocumentClass</key><string>Doc</string></dict></array>",
            "<key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>QLGenerator</string></dict></array>",
            "<key>NSPrincipalClass</key><string>NSApplication</string>",
            "<key>SUFeedURL</key><string>https://acme.com/appcast.xml</string>",
        ] {
            let m = try manifest("<key>UIFileSharingEnabled</key><true/>" + body)
            XCTAssertEqual(m.platform, .macos, body)
            XCTAssertTrue(m.platformReason?.contains("outweighs iOS 2 (UIFileSharingEnabled)") == true, body)
        }
    }

    /// A tie keeps the answer one iOS key used to give, and says so.
    func testATieKeepsTheOldAnswer() throws {
        let m = try manifest(
            """
            <key>LSSupportsOpeningDocumentsInPlace</key><true/>
            <key>LSApplicationCategoryType</key><string>public.app-category.utilities</string>
            <key>NSHumanReadableCopyright</key><string>© Acme</string>
            """)
        XCTAssertEqual(m.platform, .ios)
        XCTAssertEqual(
            m.platformReason,
            "Info.plist keys: iOS 2 (LSSupportsOpeningDocumentsInPlace) ties macOS 2 (LSApplicationCategoryType, NSHumanReadableCopyright); iOS, as an iOS key is there"
        )
    }

    /// Keys documented for iOS-family platforms only count for iOS; keys documented for both
    /// say nothing; no key at all is a Mac app, as before.
    func testDocumentedPlatformsCountAndSharedKeysDoNot() throws {
        let scenes = try manifest("<key>UIApplicationSceneManifest</key><dict/>")
        XCTAssertEqual(scenes.platform, .ios)
        XCTAssertEqual(scenes.platformReason, "Info.plist keys: iOS 1 (UIApplicationSceneManifest); none for macOS")
        let shared = try manifest(
            "<key>NSAppTransportSecurity</key><dict/><key>CFBundleIconFile</key><string>i</string>")
        XCTAssertEqual(shared.platform, .macos)
        XCTAssertEqual(
            shared.platformReason,
            "no Info.plist key says which platform: macOS, as for any manifest read without its project")
    }

    /// At most four keys are named, the heaviest first.
    func testTheReasonNamesTheHeaviestKeys() throws {
        let m = try manifest(
            """
            <key>LSEnvironment</key><dict/>
            <key>LSUIElement</key><true/>
            <key>LSArchitecturePriority</key><array/>
            <key>LSMinimumSystemVersion</key><string>12.0</string>
            <key>NSHumanReadableCopyright</key><string>c</string>
            <key>LSApplicationCategoryType</key><string>c</string>
            """)
        XCTAssertEqual(
            m.platformReason,
            "Info.plist keys: macOS 10 (LSUIElement, LSMinimumSystemVersion, LSEnvironment, LSArchitecturePriority, +2 more); none for iOS"
        )
    }
}
