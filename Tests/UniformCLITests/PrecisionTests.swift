import Foundation
import XCTest

/// Findings a senior iOS engineer agrees with: one root cause told once, organisations
/// recognised across their domains, Apple's types exported by an app a warning (nothing breaks:
/// the system's declaration wins), not an error.
final class PrecisionTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLI.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func exporter(
        _ appID: String, exports typeID: String,
        tags: String = "<key>public.filename-extension</key><array><string>xyz</string></array>",
        parents: [String] = ["public.data"]
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>\(appID)</string>
        <key>UTExportedTypeDeclarations</key><array><dict>
        <key>UTTypeIdentifier</key><string>\(typeID)</string>
        <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>
        <key>UTTypeTagSpecification</key><dict>\(tags)</dict>
        </dict></array>
        </dict></plist>
        """
    }

    func findings(_ rule: String) throws -> [String] {
        let run = try CLI.run(["check"], in: dir)
        XCTAssertNotEqual(run.status, 2, run.stderr)
        return run.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[\(rule)]") }
    }

    func testOneOrganisationAcrossItsDomains() throws {
        // com/org swap, and a project domain named in the app id (IINA: io.iina.* from com.colliderli.iina).
        try TestManifest.write(
            exporter("com.mozilla.firefox", exports: "org.mozilla.firefox.extension"), to: dir, "A/Info.plist")
        try TestManifest.write(exporter("com.colliderli.iina", exports: "io.iina.iinaplugin"), to: dir, "B/Info.plist")
        // A pasteboard-only declaration types no file: whose it is does not matter here.
        try TestManifest.write(
            exporter(
                "com.acme.clip", exports: "com.othervendor.clipping",
                tags: "<key>com.apple.nspboard-type</key><array><string>OtherClip</string></array>"), to: dir,
            "C/Info.plist")
        XCTAssertEqual(try findings("foreign-export"), [])
        // Another vendor's file type is still reported.
        try TestManifest.write(exporter("com.acme.writer", exports: "com.microsoft.word.doc"), to: dir, "D/Info.plist")
        let foreign = try findings("foreign-export")
        XCTAssertEqual(foreign.count, 1, "\(foreign)")
        XCTAssertTrue(foreign[0].hasPrefix("D/Info.plist"), foreign[0])
    }

    func testExportingApplesTypeIsOneWarning() throws {
        try TestManifest.write(
            exporter(
                "com.acme.editor", exports: "public.plain-text",
                tags: "<key>public.filename-extension</key><array><string>txt</string></array>",
                parents: ["public.text"]), to: dir, "App/Info.plist")
        let run = try CLI.run(["check"], in: dir)
        let atDeclaration = run.stdout.split(separator: "\n").filter { $0.hasPrefix("App/Info.plist:4:") }
        guard atDeclaration.count == 1 else { return XCTFail("one root cause, one finding: \(run.stdout)") }
        XCTAssertTrue(
            atDeclaration[0].contains(
                ": warning: exports 'public.plain-text', a type the system declares: import it instead"),
            String(atDeclaration[0]))
        XCTAssertEqual(run.status, 0, "nothing breaks: the system's declaration wins")
        // `check .` names files from the folder, not as ./App/Info.plist.
        let dot = try CLI.run(["check", "."], in: dir)
        XCTAssertTrue(dot.stdout.hasPrefix("App/Info.plist:"), dot.stdout)
    }

    /// Apple's whole key vocabulary: documented keys are never misspellings (NSMainStoryboardFile
    /// on macOS, CFBundleIconFiles on iOS were), custom keys near none are left alone, and the
    /// real misspellings the old list found stay found.
    func testMisspelledKeyKnowsApplesVocabulary() throws {
        func manifest(_ id: String, _ keys: String, iOS: Bool) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>\(id)</string>\(iOS ? "<key>LSRequiresIPhoneOS</key><true/>" : "")
            \(keys)
            <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>Viewer</string>
            <key>LSHandlerRank</key><string>Default</string><key>LSItemContentTypes</key><array><string>public.text</string></array>
            <key>LSTypeIsPackageLSTypeIsPackage</key><false/></dict></array>
            </dict></plist>
            """
        }
        try TestManifest.write(
            manifest(
                "com.acme.mac",
                "<key>NSMainStoryboardFile</key><string>Main</string><key>AppGroup</key><string>x</string>", iOS: false),
            to: dir, "Mac/Info.plist")
        try TestManifest.write(
            manifest(
                "com.acme.ios",
                "<key>CFBundleIconFiles</key><array/><key>UIMainStoryBoardFile</key><string>Main</string><key>appcenter</key><string>x</string>",
                iOS: true), to: dir, "iOS/Info.plist")
        let found = try findings("misspelled-key")
        XCTAssertFalse(
            found.contains { $0.contains("'NSMainStoryboardFile'") || $0.contains("'CFBundleIconFiles'") }, "\(found)")
        XCTAssertFalse(
            found.contains { $0.contains("'AppGroup'") || $0.contains("'appcenter'") }, "custom keys: \(found)")
        XCTAssertTrue(
            found.contains {
                $0.contains("'UIMainStoryBoardFile'") && $0.contains("did you mean 'UIMainStoryboardFile'")
            }, "\(found)")
        XCTAssertEqual(found.filter { $0.contains("'LSTypeIsPackageLSTypeIsPackage'") }.count, 2, "\(found)")
    }

    /// One claim of many types is one owner-without-export finding; two apps exporting types
    /// for one extension is one finding, at the declaration that loses, naming the winner.
    func testOneClaimOneFindingAndOneConflictOneFinding() throws {
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.jpeg", "public.png", "public.tiff"], rank: "Owner"),
            to: dir, "Viewer/Info.plist")
        try TestManifest.write(
            exporter(
                "com.acme.first", exports: "com.acme.first.doc",
                tags: "<key>public.filename-extension</key><array><string>acd</string></array>"), to: dir,
            "A/Info.plist")
        try TestManifest.write(
            exporter(
                "com.beta.second", exports: "com.beta.second.doc",
                tags: "<key>public.filename-extension</key><array><string>acd</string></array>"), to: dir,
            "B/Info.plist")
        let owner = try findings("owner-without-export")
        XCTAssertEqual(owner.count, 1, "\(owner)")
        XCTAssertTrue(
            owner.first?.contains(
                "claims Owner rank for 3 types this app does not export ('public.jpeg', 'public.png', 'public.tiff')")
                == true, "\(owner)")
        // The losing export is told once, by export-loses-extension (which names the winner);
        // extension-claimed-by-several-types at the same place is its consequence.
        let conflict = try findings("extension-claimed-by-several-types") + findings("export-loses-extension")
        XCTAssertEqual(conflict.count, 1, "\(conflict)")
        XCTAssertTrue(conflict.first?.contains("[export-loses-extension]") == true, "\(conflict)")
    }

    /// One cause, one finding that points at every place: JSON `related`, SARIF
    /// `relatedLocations` (the SARIF schema is checked elsewhere).
    func testOneFindingPointsAtEveryPlaceOfItsCause() throws {
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.jpeg", "public.png"], rank: "Owner"), to: dir,
            "Viewer/Info.plist")
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        let findings = try XCTUnwrap(try CLI.json(run.stdout)["findings"] as? [[String: Any]])
        let owner = try XCTUnwrap(findings.first { $0["rule"] as? String == "owner-without-export" })
        let related = try XCTUnwrap(owner["related"] as? [[String: Any]])
        XCTAssertEqual(related.count, 2)
        XCTAssertTrue(
            related.allSatisfy { ($0["file"] as? String) == "Viewer/Info.plist" && $0["line"] is Int }, "\(related)")
        let sarif = try CLI.run(["check", "--format", "sarif"], in: dir)
        XCTAssertTrue(sarif.stdout.contains("\"relatedLocations\""), sarif.stdout)
    }

    /// `suite` puts a team's apps inside, `private_types` marks a type private whatever the
    /// heuristics say (a type with a reference URL reads as a published format otherwise).
    func testTheTeamDecidesWhatIsInsideAndWhatIsPrivate() throws {
        let owner = exporter(
            "com.acme.monitor", exports: "com.acme.session",
            tags: "<key>public.filename-extension</key><array><string>acsession</string></array>",
            parents: ["public.plain-text"]
        ).replacingOccurrences(
            of: "<key>UTTypeIdentifier</key>",
            with:
                "<key>UTTypeReferenceURL</key><string>https://acme.example/session</string><key>UTTypeIdentifier</key>")
        try TestManifest.write(owner, to: dir, "Monitor/Info.plist")
        try TestManifest.write(
            TestManifest.app("org.partner.editor", claims: ["public.plain-text"]), to: dir, "Editor/Info.plist")
        XCTAssertEqual(try findings("exposed-private-type"), [], "a type with a reference URL reads as published")
        try TestManifest.write(
            "return { manifests = { \"Monitor\", \"Editor\" }, private_types = { \"com.acme.*\" } }\n", to: dir,
            ".uniform.lua")
        let exposed = try findings("exposed-private-type")
        XCTAssertEqual(exposed.count, 1, "\(exposed)")
        XCTAssertTrue(exposed.first?.contains("org.partner.editor") == true, "\(exposed)")
        try TestManifest.write(
            "return { manifests = { \"Monitor\", \"Editor\" }, private_types = { \"com.acme.*\" }, suite = { \"org.partner.*\" } }\n",
            to: dir, ".uniform.lua")
        XCTAssertEqual(try findings("exposed-private-type"), [], "the partner's editor is part of the suite")
    }
}
