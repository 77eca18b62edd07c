import Foundation
import XCTest

/// Identifiers of other vendors an app lists on purpose (Sequel Ace claims Sequel Pro's types,
/// a Spotlight importer lists every player's formats), told apart from typos; and partial
/// Info.plists that Xcode completes from build settings. Each case comes from a false finding
/// in `Precision/corpus.tsv`.
final class InteropClaimTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLI.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func manifest(
        id: String?, iOS: Bool = false, claims: [(types: [String], rank: String)] = [], exports: String = ""
    ) -> String {
        let entries = claims.map { claim in
            "<dict><key>CFBundleTypeName</key><string>Doc</string><key>CFBundleTypeRole</key><string>Editor</string>"
                + "<key>LSHandlerRank</key><string>\(claim.rank)</string><key>LSItemContentTypes</key><array>"
                + claim.types.map { "<string>\($0)</string>" }.joined() + "</array></dict>"
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(id.map { "<key>CFBundleIdentifier</key><string>\($0)</string>" } ?? "")\(iOS ? "<key>LSRequiresIPhoneOS</key><true/>" : "")
            <key>CFBundleDocumentTypes</key><array>\(entries)</array>
            <key>UTExportedTypeDeclarations</key><array>\(exports)</array>
            </dict></plist>
            """
    }

    func findings(_ rule: String) throws -> [(severity: String, message: String)] {
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        XCTAssertNotEqual(run.status, 2, run.stderr)
        let all = try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []
        return all.filter { $0["rule"] as? String == rule }.map {
            ($0["severity"] as? String ?? "", $0["message"] as? String ?? "")
        }
    }

    func testAnotherVendorsCleanIdentifierIsANoteAndTyposStayWarnings() throws {
        try TestManifest.write(
            manifest(
                id: "com.sequel-ace.sequel-ace",
                claims: [
                    (["com.sequelpro.SequelPro.spf"], "Default"), // another vendor's type: interop
                    (["com.sequel-ace.sequel-ace.sql"], "Owner"), // own vendor, never declared: a bug
                    (["com.microsoft.waveform-\u{200B}audio"], "Default"), // invisible character: a bug
                    (["public.plain-txt"], "Default"), // Apple's namespace: a typo
                ]), to: dir, "App/Info.plist")
        let found = try findings("undeclared-type")
        XCTAssertEqual(found.count, 4, "\(found)")
        let notes = found.filter { $0.severity == "note" }
        XCTAssertEqual(notes.count, 1, "\(found)")
        XCTAssertTrue(
            notes.first?.message.contains("'com.sequelpro.SequelPro.spf', another vendor's identifier") == true,
            "\(found)")
        XCTAssertEqual(found.filter { $0.severity == "warning" }.count, 3, "\(found)")
    }

    func testVendorFromExportsWhenTheBundleIDIsAPlaceholder() throws {
        let export = """
            <dict><key>UTTypeIdentifier</key><string>com.sequel-ace.sequel-ace.spf</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>spf</string></array></dict></dict>
            """
        try TestManifest.write(
            manifest(
                id: "$(PRODUCT_BUNDLE_IDENTIFIER)",
                claims: [(["com.sequelpro.SequelPro.spf", "com.sequel-ace.sequel-ace.spfx"], "Default")],
                exports: export), to: dir, "App/Info.plist")
        let found = try findings("undeclared-type")
        XCTAssertEqual(found.map(\.severity).sorted(), ["note", "warning"], "\(found)")
    }

    func testClaimsRankedNoneListOthersTypesAndStaySilent() throws {
        // QLMarkdown's app claims public.markdown (declared by Nova and Word) with rank None.
        try TestManifest.write(
            manifest(id: "org.sbarex.QLMarkdown", claims: [(["public.markdown"], "None")]), to: dir, "App/Info.plist")
        XCTAssertEqual(try findings("undeclared-type").count, 0)
    }

    func testAnExtraThirdPartyParentIsANoteUnlessATypo() throws {
        func export(_ id: String, _ ext: String, _ parents: [String]) -> String {
            """
            <dict><key>UTTypeIdentifier</key><string>\(id)</string>
            <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>\(ext)</string></array></dict></dict>
            """
        }
        // Transmission: org.bittorrent.torrent also conforms to BitTorrent's com.bittorrent.torrent.
        try TestManifest.write(
            manifest(
                id: "org.m0k.transmission",
                exports: export("org.bittorrent.torrent", "torrent", ["public.data", "com.bittorrent.torrent"])
                    + export("org.m0k.aqt", "aqt", ["public.data", "publiic.plain-text"])), to: dir, "App/Info.plist")
        let found = try findings("undeclared-type")
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertEqual(found.first { $0.message.contains("com.bittorrent.torrent") }?.severity, "note", "\(found)")
        XCTAssertEqual(found.first { $0.message.contains("publiic.plain-text") }?.severity, "warning", "\(found)")
    }

    /// Kiwix's Support/Info.plist has no CFBundleIdentifier: Xcode completes it from build
    /// settings, where INFOPLIST_KEY_LSSupportsOpeningDocumentsInPlace sets the key.
    func testPartialInfoPlistReadAloneMakesTheStoreKeyANote() throws {
        try TestManifest.write(
            manifest(id: nil, iOS: true, claims: [(["public.zip-archive"], "Default")]), to: dir, "Partial/Info.plist")
        var found = try findings("ios-document-support-key")
        XCTAssertEqual(found.map(\.severity), ["note"], "\(found)")
        XCTAssertTrue(
            found.first?.message.contains("INFOPLIST_KEY_LSSupportsOpeningDocumentsInPlace") == true, "\(found)")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Partial"))
        try TestManifest.write(
            manifest(id: "org.kiwix.kiwix", iOS: true, claims: [(["public.zip-archive"], "Default")]), to: dir,
            "Full/Info.plist")
        found = try findings("ios-document-support-key")
        XCTAssertEqual(found.map(\.severity), ["warning"], "\(found)")
    }

    /// Platypus's "Shell Script" entry lists .command, which Terminal's com.apple.terminal.shell-script
    /// types on every Mac; its public.shell-script claim covers it.
    func testCommandFilesAreTerminalShellScripts() throws {
        try TestManifest.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>org.sveinbjorn.Platypus</string>
            <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeName</key><string>Shell Script</string>
            <key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Alternate</string>
            <key>CFBundleTypeExtensions</key><array><string>sh</string><string>command</string></array>
            <key>LSItemContentTypes</key><array><string>public.shell-script</string></array></dict></array>
            </dict></plist>
            """, to: dir, "App/Info.plist")
        XCTAssertEqual(try findings("shadowed-legacy-keys").filter { $0.severity != "note" }.count, 0)
        let type = try CLI.run(["type", "run.command", "--platform", "macos"], in: dir)
        XCTAssertTrue(type.stdout.contains("com.apple.terminal.shell-script"), type.stdout)
    }

    /// kiwix-apple generates its Xcode project with XcodeGen: nothing checked in to read build
    /// settings from, which a newcomer is told once, with the way out.
    func testAGeneratedProjectIsNamed() throws {
        try TestManifest.write(
            manifest(id: nil, iOS: true, claims: [(["public.zip-archive"], "Default")]), to: dir, "Support/Info.plist")
        try TestManifest.write("name: Kiwix\ntargets: {}\n", to: dir, "project.yml")
        let found = try findings("xcode.generated-project")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("run `xcodegen generate` first") == true, "\(found)")
    }

    /// NetNewsWire's iOS app exports org.opml.opml and imports it too: the foreign export's
    /// advice is to drop the export, with the import as the related place; in a binary plist
    /// (no lines) both messages name byte offsets instead of failing on a missing line.
    func testAForeignTypeExportedAndImportedIsOneCauseNamedTwice() throws {
        let declaration = """
            <dict><key>UTTypeIdentifier</key><string>org.opml.opml</string>\
            <key>UTTypeConformsTo</key><array><string>public.xml</string></array>\
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>opml</string></array></dict></dict>
            """
        let xml = manifest(id: "com.ranchero.NetNewsWire.iOS", iOS: true, exports: declaration)
            .replacingOccurrences(
                of: "</dict></plist>",
                with: "<key>UTImportedTypeDeclarations</key><array>\(declaration)</array></dict></plist>")
        try TestManifest.write(xml, to: dir, "iOS/Info.plist")
        let foreign = try findings("foreign-export")
        XCTAssertEqual(foreign.count, 1)
        XCTAssertTrue(foreign.first?.message.contains("it is imported too (line ") == true, "\(foreign)")
        XCTAssertTrue(foreign.first?.message.contains("remove the export") == true, "\(foreign)")
        XCTAssertTrue(try findings("exported-and-imported").first?.message.contains("both exported (line ") == true)

        // The same manifest as a binary plist.
        let data = try PropertyListSerialization.data(
            fromPropertyList: try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil),
            format: .binary, options: 0)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("iOS/Info.plist"))
        try data.write(to: dir.appendingPathComponent("iOS/Info.plist"))
        XCTAssertTrue(try findings("foreign-export").first?.message.contains("it is imported too (byte ") == true)
        XCTAssertTrue(try findings("exported-and-imported").first?.message.contains("both exported (byte ") == true)
        XCTAssertEqual(try findings("rule-error").count, 0)
    }

    /// The vendor's own types that no app exports: the advice is the export, whatever the
    /// claim lists; a type declared nowhere is not said to be "only imported".
    func testOwnTypesOnlyImportedAreToldToBeExported() throws {
        func declaration(_ id: String) -> String {
            "<dict><key>UTTypeIdentifier</key><string>\(id)</string><key>UTTypeConformsTo</key><array><string>public.data</string></array>"
                + "<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>\(id.split(separator: ".").last!)x</string></array></dict></dict>"
        }
        let xml = manifest(
            id: "com.example.app",
            claims: [(["com.example.a", "com.example.b"], "Owner"), (["com.example.c"], "Owner")]
        )
        .replacingOccurrences(
            of: "</dict></plist>",
            with:
                "<key>UTImportedTypeDeclarations</key><array>\(declaration("com.example.a"))\(declaration("com.example.b"))</array></dict></plist>"
        )
        try TestManifest.write(xml, to: dir, "App/Info.plist")
        let owner = try findings("owner-without-export")
        XCTAssertEqual(owner.count, 2, "\(owner)")
        XCTAssertTrue(
            owner.allSatisfy { $0.message.contains("its own vendor's type") && $0.message.contains("export it") },
            "\(owner)")
        XCTAssertFalse(
            owner.contains { $0.message.contains("com.example.c") }, "declared nowhere: undeclared-type says so")
    }
}
