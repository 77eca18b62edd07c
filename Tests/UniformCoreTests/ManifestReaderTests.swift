import UniformCore
import UniformPlist
import XCTest

final class ManifestReaderTests: XCTestCase {
    func testPlaceholdersStandInsAndDefines() throws {
        let body =
            "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string><key>CFBundleName</key><string>${PRODUCT_NAME}</string>"
        let raw = try Fixtures.manifest(body, file: "Apps/My App/Info.plist")
        XCTAssertEqual(raw.bundleID, "standin.apps.my-app.info-plist")
        XCTAssertEqual(raw.name, "${PRODUCT_NAME}", "undefined placeholders stay verbatim")
        XCTAssertTrue(
            raw.findings.contains {
                $0.rule == "bundle-id-placeholder" && $0.message.contains("--define PRODUCT_BUNDLE_IDENTIFIER")
            })
        let defined = try Fixtures.manifest(
            body, defines: ["PRODUCT_BUNDLE_IDENTIFIER": "com.acme.app", "PRODUCT_NAME": "My App"])
        XCTAssertEqual(defined.bundleID, "com.acme.app")
        XCTAssertEqual(defined.name, "My App")
        XCTAssertEqual(
            Placeholders.expand("@NAME@.$(X:rfc1034identifier)", defines: ["NAME": "a", "X": "b c"]).text, "a.b-c")
    }

    /// Xcode expands an Info.plist's values with its build-setting parser, bare `$NAME` and
    /// the `$$` escape included; read alone, an unset bare `$NAME` may be text and stays.
    func testBarePlaceholdersExpandWhenSet() throws {
        let body =
            "<key>CFBundleIdentifier</key><string>$PRODUCT_BUNDLE_IDENTIFIER</string><key>CFBundleName</key><string>$PRODUCT_NAME Pro: $$4.99, $USD</string>"
        let defined = try Fixtures.manifest(
            body, defines: ["PRODUCT_BUNDLE_IDENTIFIER": "com.acme.app", "PRODUCT_NAME": "Acme"])
        XCTAssertEqual(defined.bundleID, "com.acme.app")
        XCTAssertEqual(defined.name, "Acme Pro: $$4.99, $USD", "read alone, $$ stays: the file may not be Xcode's")
        XCTAssertEqual(defined.unresolvedPlaceholders.map(\.value), [], "an unset bare $USD may be text")

        let raw = try Fixtures.manifest(body, file: "App/Info.plist")
        XCTAssertEqual(raw.bundleID, "standin.app.info-plist", "a bare placeholder is no bundle id")
        XCTAssertTrue(
            raw.findings.contains {
                $0.rule == "bundle-id-placeholder" && $0.message.contains("--define PRODUCT_BUNDLE_IDENTIFIER=")
            }, "\(raw.findings)")

        // Only a name spelled like a setting makes a bundle id a placeholder.
        let text = try Fixtures.manifest("<key>CFBundleIdentifier</key><string>com.acme.w-$Format:%h$</string>")
        XCTAssertEqual(text.bundleID, "com.acme.w-$Format:%h$")

        let document = try PlistReader.read(
            bytes: Array(
                "<plist><dict><key>CFBundleIdentifier</key><string>com.acme.app</string><key>CFBundleName</key><string>$$PRODUCT_NAME $PRODUCT_NAME</string></dict></plist>"
                    .utf8), file: "Info.plist")
        let built = ManifestReader(defines: ["PRODUCT_NAME": "Acme"], platform: .ios, xcodeBuilt: true).read(
            document, file: "Info.plist")
        XCTAssertEqual(built.name, "$PRODUCT_NAME Acme", "built by Xcode, $$ is one $")
        XCTAssertEqual(
            Placeholders.expand("$A.$B_C-$(A)", defines: ["A": "a", "B_C": "b"]).text, "$A.b-a",
            "a bare name takes dots, as Xcode's parser reads it: $A. names 'A.', which is unset")
    }

    func testJunkBecomesFindingsNotCrashes() throws {
        let m = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.junk</string>
            <key>CFBundleDocumentTypes</key><array>
              <string>not a dict</string>
              <dict><key>LSItemContentTypes</key><string>public.png</string><key>LSHandlerRank</key><string>Owner</string></dict>
              <dict><key>CFBundleTypeRole</key><integer>3</integer><key>LSItemContentTypes</key><array><string></string><string>public.jpeg</string></array></dict>
            </array>
            <key>UTExportedTypeDeclarations</key><dict/>
            """)
        XCTAssertEqual(m.claims.count, 2)
        XCTAssertEqual(m.claims[0].contentTypes.map(\.value), ["public.png"], "a string where an array belongs")
        XCTAssertEqual(m.claims[0].role, .viewer)
        XCTAssertEqual(m.claims[1].contentTypes.map(\.value), ["public.jpeg"])
        let rules = Set(m.findings.map(\.rule))
        XCTAssertTrue(rules.isSuperset(of: ["manifest.invalid-value", "missing-role", "empty-identifier"]), "\(rules)")
    }

    func testDuplicateBundleIDsStayApart() throws {
        let a = try Fixtures.app("com.acme.same", claims: [(["public.png"], "Viewer", nil)], file: "a/Info.plist")
        let b = try Fixtures.app("com.acme.same", claims: [(["public.png"], "Editor", nil)], file: "b/Info.plist")
        let world = World(manifests: [a, b])
        XCTAssertEqual(world.apps.map(\.bundleID), ["com.acme.same", "com.acme.same#2"])
        XCTAssertTrue(world.findings.contains { $0.rule == "duplicate-bundle-id" })
    }

    func testPlatformDetection() throws {
        XCTAssertEqual(
            try Fixtures.manifest(
                "<key>CFBundleIdentifier</key><string>a</string><key>UIDeviceFamily</key><array><integer>1</integer></array>"
            ).platform, .ios)
        XCTAssertEqual(try Fixtures.manifest("<key>CFBundleIdentifier</key><string>a</string>").platform, .macos)
        // iOS-only keys a loose manifest of a real iOS app carries (kiwix-apple has no
        // UIDeviceFamily in its Info.plist: Xcode adds it from TARGETED_DEVICE_FAMILY).
        for key in [
            "UIFileSharingEnabled", "UIBackgroundModes", "UILaunchStoryboardName",
            "UISupportedInterfaceOrientations~ipad",
            "LSSupportsOpeningDocumentsInPlace", "UIRequiredDeviceCapabilities",
        ] {
            XCTAssertEqual(
                try Fixtures.manifest("<key>CFBundleIdentifier</key><string>a</string><key>\(key)</key><true/>")
                    .platform, .ios, key)
        }
        for key in ["NSMainNibFile", "NSPrincipalClass", "LSMinimumSystemVersion", "NSMainStoryboardFile"] {
            XCTAssertEqual(
                try Fixtures.manifest(
                    "<key>CFBundleIdentifier</key><string>a</string><key>\(key)</key><string>x</string>"
                ).platform, .macos, key)
        }
    }

    func testPreprocessorLinesAreReportedNotFatal() throws {
        let m = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.pp</string>
            <key>CFBundleURLTypes</key><array>
            #ifdef INTUNE
            <string>x</string>
            #endif
            </array>
            """)
        XCTAssertEqual(m.bundleID, "com.acme.pp")
        let stray = m.findings.filter { $0.rule == "plist.stray-text" }
        XCTAssertEqual(stray.map(\.subject), ["#ifdef INTUNE", "#endif"])
        XCTAssertEqual(stray.first?.location?.line, 7)
    }
}
