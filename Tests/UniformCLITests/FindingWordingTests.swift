import Foundation
import XCTest

/// Findings whose words were wrong for the case they describe, found while writing the rules'
/// examples (issue 32): each says what is true of the input it is about.
final class FindingWordingTests: XCTestCase {
    func check(_ manifests: [String: String], _ arguments: [String] = []) throws -> [[String: Any]] {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, text) in manifests { try TestManifest.write(text, to: dir, path) }
        let run = try CLI.run(["check", "--format", "json"] + arguments, in: dir)
        return try XCTUnwrap(try CLI.json(run.stdout)["findings"] as? [[String: Any]], run.stderr)
    }

    func messages(_ findings: [[String: Any]], _ rule: String) -> [String] {
        findings.filter { $0["rule"] as? String == rule }.compactMap { $0["message"] as? String }
    }

    /// `--define PRODUCT_NAME=com.example.app` for `com.example.$(PRODUCT_NAME:rfc1034identifier)`
    /// would make `com.example.com.example.app`.
    func testAPlaceholderInsideAnIdIsDefinedAsALabel() throws {
        let part = try check([
            "App/Info.plist": TestManifest.app(
                "com.example.$(PRODUCT_NAME:rfc1034identifier)", claims: ["public.plain-text"])
        ])
        XCTAssertEqual(
            messages(part, "bundle-id-placeholder").map { $0.contains("--define PRODUCT_NAME=MyApp)") }, [true],
            "\(part)")
        let whole = try check([
            "App/Info.plist": TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.plain-text"])
        ])
        XCTAssertEqual(
            messages(whole, "bundle-id-placeholder").map {
                $0.contains("--define PRODUCT_BUNDLE_IDENTIFIER=com.example.app)")
            },
            [true], "\(whole)")
    }

    /// An id without a domain is written, not a stand-in.
    func testAWrittenIdWithoutAVendorIsNotCalledAStandIn() throws {
        let findings = try check([
            "App/Info.plist": TestManifest.app(
                "Notes", claims: ["org.notes.document"], rank: "Owner",
                extra: """
                    <key>UTExportedTypeDeclarations</key><array><dict>
                      <key>UTTypeIdentifier</key><string>org.notes.document</string>
                      <key>UTTypeConformsTo</key><array><string>public.data</string></array>
                      <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>notesdoc</string></array></dict>
                    </dict></array>
                    """)
        ])
        let said = messages(findings, "vendor-unknown")
        XCTAssertEqual(said.count, 1, "\(findings)")
        XCTAssertTrue(said.first?.contains("bundle id 'Notes' names no vendor") == true, "\(said)")
        XCTAssertFalse(said.first?.contains("stand-in") == true, "\(said)")
    }

    /// Outside the App Store the note does not say App Store Connect warns.
    func testTheDocumentSupportNoteOutsideTheStoreSaysWouldWarn() throws {
        let ios = TestManifest.app(
            "com.example.viewer", claims: ["com.adobe.pdf"], header: "<key>LSRequiresIPhoneOS</key><true/>")
        let outside = messages(
            try check(["App/Info.plist": ios], ["--distribution", "outside"]), "ios-document-support-key")
        XCTAssertEqual(outside.map { $0.contains("would warn (ITMS-90737) if it shipped there") }, [true], "\(outside)")
        let store = messages(
            try check(["App/Info.plist": ios], ["--distribution", "app-store"]), "ios-document-support-key")
        XCTAssertEqual(store.map { $0.contains(": App Store Connect warns (ITMS-90737)") }, [true], "\(store)")
    }

    /// One wrong-shaped CFBundleDocumentTypes is one error, the App Store's.
    func testADictionaryOfDocumentTypesIsOneFinding() throws {
        let findings = try check([
            "App/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.example.viewer</string>
            <key>CFBundleDocumentTypes</key><dict><key>CFBundleTypeName</key><string>PDF</string></dict>
            </dict></plist>
            """
        ])
        let errors = findings.filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String }
        XCTAssertEqual(errors, ["document-types-shape"], "\(findings)")
    }

    /// CocoaPods' configuration files are missing until `pod install` (Pyto ignores `Pods/*`):
    /// a note that says so, not a warning.
    func testAMissingCocoaPodsConfigurationIsANote() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestProject.write(
            TestProject.pbxproj(
                projectSettings: [("SDKROOT", "iphoneos")],
                targets: [
                    TestProject.Target(
                        name: "App",
                        settings: [("PRODUCT_BUNDLE_IDENTIFIER", "com.acme.app"), ("INFOPLIST_FILE", "App/Info.plist")])
                ]), to: dir)
        try TestManifest.write(
            TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            "#include \"Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig\"\n#include \"Shared.xcconfig\"\n",
            to: dir, "App.xcconfig")
        let run = try CLI.run(["check", "--format", "json", "--xcconfig", "App.xcconfig"], in: dir)
        let findings = try XCTUnwrap(try CLI.json(run.stdout)["findings"] as? [[String: Any]], run.stderr)
        let includes = findings.filter { $0["rule"] as? String == "xcconfig.missing-include" }
        XCTAssertEqual(includes.map { $0["severity"] as? String }, ["note", "warning"], "\(includes)")
        XCTAssertTrue((includes.first?["message"] as? String)?.contains("run pod install first") == true, "\(includes)")
    }

    /// The workspace CocoaPods makes lists `Pods/Pods.xcodeproj`, which `pod install` writes.
    func testTheMissingPodsProjectSaysPodInstall() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n<FileRef location = \"group:Pods/Pods.xcodeproj\"></FileRef>\n</Workspace>\n",
            to: dir, "App.xcworkspace/contents.xcworkspacedata")
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        let findings = try XCTUnwrap(try CLI.json(run.stdout)["findings"] as? [[String: Any]], run.stderr)
        let missing = messages(findings, "xcode.missing-project")
        XCTAssertEqual(missing.map { $0.contains("CocoaPods writes it: run pod install first") }, [true], "\(findings)")
    }

    /// Two app targets of one project with one id are variants (Pyto's screenshots build): a
    /// note naming the other target. Two loose manifests with one id stay a warning.
    func testAppTargetsOfOneProjectWithOneIdAreVariants() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestProject.write(
            TestProject.pbxproj(
                projectSettings: [("SDKROOT", "iphoneos")],
                targets: [
                    TestProject.Target(
                        name: "App",
                        settings: [("PRODUCT_BUNDLE_IDENTIFIER", "com.acme.app"), ("INFOPLIST_FILE", "App/Info.plist")]),
                    TestProject.Target(
                        name: "App Screenshots",
                        settings: [
                            ("PRODUCT_BUNDLE_IDENTIFIER", "com.acme.app"), ("INFOPLIST_FILE", "Screenshots/Info.plist"),
                        ]),
                ]), to: dir)
        for path in ["App/Info.plist", "Screenshots/Info.plist"] {
            try TestManifest.write(
                TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.plain-text"]), to: dir, path)
        }
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        let findings = try XCTUnwrap(try CLI.json(run.stdout)["findings"] as? [[String: Any]], run.stderr)
        let duplicates = findings.filter { $0["rule"] as? String == "duplicate-bundle-id" }
        XCTAssertEqual(duplicates.map { $0["severity"] as? String }, ["note"], "\(findings)")
        XCTAssertTrue(
            (duplicates.first?["message"] as? String)?.contains("another app target of App.xcodeproj, 'App'") == true,
            "\(duplicates)")
        let loose = try check([
            "A/Info.plist": TestManifest.app("com.acme.app", claims: ["public.plain-text"]),
            "B/Info.plist": TestManifest.app("com.acme.app", claims: ["public.plain-text"]),
        ])
        XCTAssertEqual(
            loose.filter { $0["rule"] as? String == "duplicate-bundle-id" }.map { $0["severity"] as? String },
            ["warning"])
    }
}
