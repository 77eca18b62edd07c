import Foundation
import XCTest

/// The rules of issue 28, each on the smallest manifest that shows it, through the real binary:
/// takeovers, dead imports, swapped role and rank, a missing type name, dynamic identifiers by
/// consequence, the vendor read from more than one string, and lost legacy tags only where
/// `resolve` agrees.
final class ConsequenceRulesTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLI.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A manifest from its root dictionary's inner text.
    private func manifest(_ body: String, at path: String = "App/Info.plist") throws {
        try TestManifest.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """, to: dir, path)
    }

    private func claim(
        _ types: [String], role: String = "Viewer", rank: String? = "Default", name: String? = "Doc"
    )
        -> String
    {
        """
        <dict>
        \(name.map { "<key>CFBundleTypeName</key><string>\($0)</string>" } ?? "")
        <key>CFBundleTypeRole</key><string>\(role)</string>
        \(rank.map { "<key>LSHandlerRank</key><string>\($0)</string>" } ?? "")
        <key>LSItemContentTypes</key><array>\(types.map { "<string>\($0)</string>" }.joined())</array>
        </dict>
        """
    }

    private func declaration(
        _ id: String, parents: [String] = ["public.data"], extensions: [String], mime: [String] = []
    )
        -> String
    {
        """
        <dict>
        <key>UTTypeIdentifier</key><string>\(id)</string>
        <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>
        <key>UTTypeTagSpecification</key><dict>
        <key>public.filename-extension</key><array>\(extensions.map { "<string>\($0)</string>" }.joined())</array>
        \(mime.isEmpty ? "" : "<key>public.mime-type</key><array>\(mime.map { "<string>\($0)</string>" }.joined())</array>")
        </dict>
        </dict>
        """
    }

    private func check(_ arguments: [String] = []) throws -> [[String: Any]] {
        let run = try CLI.run(["check", "--format", "json"] + arguments, in: dir)
        XCTAssertNotEqual(run.status, 2, run.stderr)
        return try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []
    }

    private func of(_ rule: String, _ findings: [[String: Any]]) -> [String] {
        findings.filter { $0["rule"] as? String == rule }.map { "\($0["severity"] ?? ""): \($0["message"] ?? "")" }
    }

    /// VirtualC64's case: an emulator exporting `public.retro.crt` with `crt` takes `.crt` from
    /// the system's certificate type and becomes the default app for certificates.
    func testAnExportTakingTheSystemsExtensionIsATakeover() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>de.dirkwhoffmann.VC64</string>
            <key>LSMinimumSystemVersion</key><string>11.0</string>
            <key>CFBundleDocumentTypes</key><array>\(claim(["public.retro.crt"]))</array>
            <key>UTExportedTypeDeclarations</key><array>\(declaration("public.retro.crt", extensions: ["crt"]))</array>
            """)
        let findings = try check()
        let takeover = of("type-takeover", findings)
        XCTAssertEqual(takeover.count, 1, "\(findings)")
        XCTAssertTrue(
            takeover.first?.hasPrefix("warning: '.crt' files are typed as 'public.retro.crt'") == true, "\(takeover)")
        XCTAssertTrue(
            takeover.first?.contains("instead of the system's 'public.x509-certificate'") == true, "\(takeover)")
        XCTAssertTrue(
            takeover.first?.contains("de.dirkwhoffmann.VC64 becomes their default app") == true, "\(takeover)")
        // The same answer as the query commands give.
        let resolve = try CLI.run(["resolve", ".crt", "--platform", "macos"], in: dir)
        XCTAssertTrue(resolve.stdout.contains("default: de.dirkwhoffmann.VC64"), resolve.stdout)
        // An invented public.* id is renamed, not imported: nobody declares it to import.
        let foreign = of("foreign-export", findings)
        XCTAssertEqual(foreign.count, 1)
        XCTAssertTrue(
            foreign.first?.contains("rename it into your own domain (e.g. 'de.dirkwhoffmann.retro.crt')") == true,
            "\(foreign)")
    }

    /// A Quick Look helper exporting `fr.whine.webp` takes `.webp` and `image/webp` from the
    /// system's WebP type: one finding for one declaration and one loser.
    func testAQuickLookHelpersExportTakingWebPIsOneTakeover() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>fr.whine.quicklook.webp</string>
            <key>LSMinimumSystemVersion</key><string>10.12</string>
            <key>CFBundleDocumentTypes</key><array>\(claim(["fr.whine.webp"], role: "QLGenerator", rank: nil, name: nil))</array>
            <key>UTExportedTypeDeclarations</key><array>\(declaration("fr.whine.webp", parents: ["public.image", "public.data"], extensions: ["webp"], mime: ["image/webp"]))</array>
            """)
        let takeover = of("type-takeover", try check())
        XCTAssertEqual(takeover.count, 1, "\(takeover)")
        XCTAssertTrue(
            takeover.first?.hasPrefix("warning: '.webp' and image/webp files are typed as 'fr.whine.webp'") == true,
            "\(takeover)")
        XCTAssertTrue(takeover.first?.contains("instead of the system's 'org.webmproject.webp'") == true, "\(takeover)")
    }

    /// Another vendor's exported type losing its extension to this app's, for a reason the
    /// lookup states (here: this one lists the tag first), is a takeover at the winner, naming
    /// the loser's app. Decided by load order alone (undefined on a real system), it is not.
    func testWinningAnotherVendorsExtensionIsATakeoverAtTheWinner() throws {
        func write(betaTags: [String]) throws {
            try manifest(
                """
                <key>CFBundleIdentifier</key><string>com.alpha.viewer</string>
                <key>LSMinimumSystemVersion</key><string>11.0</string>
                <key>CFBundleDocumentTypes</key><array>\(claim(["com.alpha.scene"], rank: "Owner"))</array>
                <key>UTExportedTypeDeclarations</key><array>\(declaration("com.alpha.scene", extensions: ["scn2"]))</array>
                """, at: "Alpha/Info.plist")
            try manifest(
                """
                <key>CFBundleIdentifier</key><string>org.beta.engine</string>
                <key>LSMinimumSystemVersion</key><string>11.0</string>
                <key>CFBundleDocumentTypes</key><array>\(claim(["org.beta.scene"], rank: "Owner"))</array>
                <key>UTExportedTypeDeclarations</key><array>\(declaration("org.beta.scene", extensions: betaTags))</array>
                """, at: "Beta/Info.plist")
        }
        try write(betaTags: ["bscn", "scn2"])
        let findings = try check()
        let takeover = findings.filter { $0["rule"] as? String == "type-takeover" }
        XCTAssertEqual(takeover.count, 1, "\(findings)")
        let message = takeover.first?["message"] as? String ?? ""
        XCTAssertEqual(takeover.first?["file"] as? String, "Alpha/Info.plist", message)
        XCTAssertTrue(
            message.contains(
                "instead of org.beta.engine's 'org.beta.scene', which loses to com.alpha.scene: it lists 'scn2' first"),
            message)
        XCTAssertTrue(
            message.contains(
                "com.alpha.viewer becomes their default app; org.beta.engine, which open 'org.beta.scene', no longer get them"
            ), message)
        let claims = try CLI.run(["claims", ".scn2"], in: dir)
        XCTAssertTrue(claims.stdout.contains("the lookup picks com.alpha.scene"), claims.stdout)

        try write(betaTags: ["scn2"])
        let tie = try check()
        XCTAssertEqual(of("type-takeover", tie), [], "\(tie)")
        // The loser is told its files are not its own (export-loses-extension says it with the reason).
        XCTAssertEqual(of("export-loses-extension", tie).count, 1, "\(tie)")
    }

    /// An imported, claimed type whose only extension the system's type has: the claim is dead
    /// (a warning), unless the app opens those files through another claim (a note).
    func testAnImportThatAlwaysLosesItsExtensionIsADeadClaim() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.styles</string>
            <key>LSMinimumSystemVersion</key><string>11.0</string>
            <key>CFBundleDocumentTypes</key><array>\(claim(["org.w3.css"]))</array>
            <key>UTImportedTypeDeclarations</key><array>\(declaration("org.w3.css", parents: ["public.plain-text"], extensions: ["css"]))</array>
            """)
        let dead = of("import-loses-extension", try check())
        XCTAssertEqual(dead.count, 1)
        XCTAssertTrue(dead.first?.hasPrefix("warning: claims 'org.w3.css', imported here") == true, "\(dead)")
        XCTAssertTrue(dead.first?.contains("'.css' → 'public.css'") == true, "\(dead)")

        try manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.styles</string>
            <key>LSMinimumSystemVersion</key><string>11.0</string>
            <key>CFBundleDocumentTypes</key><array>\(claim(["org.w3.css", "public.css"]))</array>
            <key>UTImportedTypeDeclarations</key><array>\(declaration("org.w3.css", parents: ["public.plain-text"], extensions: ["css"]))</array>
            """)
        let weight = of("import-loses-extension", try check())
        XCTAssertEqual(weight.count, 1)
        XCTAssertTrue(weight.first?.hasPrefix("note: ") == true, "\(weight)")
    }

    /// DeSmuME's case: an imported type whose only extension is `ds.gba` names no file (a
    /// file's extension follows its last dot), so the claim opens nothing.
    func testAnExtensionWithADotMatchesNoFile() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>org.desmume.DeSmuME</string>
            <key>LSMinimumSystemVersion</key><string>11.0</string>
            <key>CFBundleDocumentTypes</key><array>\(claim(["com.nintendo.rom.gba"]))</array>
            <key>UTImportedTypeDeclarations</key><array>\(declaration("com.nintendo.rom.gba", extensions: ["ds.gba"]))</array>
            """)
        let dead = of("import-loses-extension", try check())
        XCTAssertEqual(dead.count, 1)
        XCTAssertTrue(
            dead.first?.contains("'.ds.gba' matches no file name (a file's extension follows its last dot: '.gba')")
                == true,
            "\(dead)")
        XCTAssertTrue(dead.first?.hasPrefix("warning: ") == true, "\(dead)")
    }

    /// `CFBundleTypeRole Owner` and `LSHandlerRank Viewer`: one finding that says swapped.
    func testRoleAndRankSwappedAreOneFinding() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.app</string>
            <key>CFBundleDocumentTypes</key><array>\(claim(["public.plain-text"], role: "Owner", rank: "Viewer"))</array>
            """)
        let findings = try check()
        XCTAssertEqual(of("manifest.unknown-role", findings) + of("manifest.unknown-rank", findings), [])
        let swapped = of("role-rank-swapped", findings)
        XCTAssertEqual(swapped.count, 1)
        XCTAssertTrue(
            swapped.first?.contains("CFBundleTypeRole is 'Owner' and LSHandlerRank is 'Viewer': the values are swapped")
                == true,
            "\(swapped)")
        XCTAssertTrue(
            swapped.first?.contains("write CFBundleTypeRole Viewer and LSHandlerRank Owner") == true, "\(swapped)")
    }

    /// Apple marks `CFBundleTypeName` required; Quick Look claims (whose templates omit it) are not asked.
    func testADocumentTypeWithoutANameIsReportedOncePerApp() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.app</string>
            <key>CFBundleDocumentTypes</key><array>
            \(claim(["public.plain-text"], name: nil))\(claim(["public.html"], name: nil))\(claim(["public.png"], role: "QLGenerator", rank: nil, name: nil))
            </array>
            """)
        let missing = of("missing-type-name", try check())
        XCTAssertEqual(missing.count, 1, "\(missing)")
        XCTAssertTrue(
            missing.first?.hasPrefix("warning: 2 document types (#1, #2) have no CFBundleTypeName") == true,
            "\(missing)")
    }

    /// Dynamic identifiers by consequence: a note in a Quick Look claim, a warning in a claim
    /// that opens files, and conformances one finding per app; never an error.
    func testDynamicIdentifiersAreNeverErrors() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.app</string>
            <key>CFBundleDocumentTypes</key><array>
            \(claim(["dyn.ah62d4rv4ge8048drru"], role: "QLGenerator", rank: nil, name: nil))\(claim(["dyn.ah62d4rv4ge80y652"]))
            </array>
            <key>UTImportedTypeDeclarations</key><array>
            \(declaration("com.adobe.mxml", parents: ["public.xml", "dyn.ah62d4rv4ge8048drru"], extensions: ["mxml"]))
            \(declaration("com.adobe.jsx", parents: ["public.data", "dyn.ah62d4rv4ge80y652"], extensions: ["jsx"]))
            </array>
            """)
        let dynamic = of("dynamic-identifier-in-manifest", try check()).sorted()
        XCTAssertEqual(dynamic.count, 3, "\(dynamic)")
        XCTAssertTrue(dynamic[0].hasPrefix("note: previews or indexes 1 dynamic identifier(s)"), "\(dynamic)")
        XCTAssertTrue(dynamic[1].hasPrefix("warning: 2 declared types conform to a dynamic identifier"), "\(dynamic)")
        XCTAssertTrue(
            dynamic[2].hasPrefix("warning: claims the dynamic identifier 'dyn.ah62d4rv4ge80y652'"), "\(dynamic)")
    }

    /// SubEthaEdit's case: the repository's bundle id is a contributors' placeholder domain, but
    /// the exports are named after the app's product: its own formats, not another vendor's.
    func testExportsNamedAfterTheAppsProductAreItsOwn() throws {
        try manifest(
            """
            <key>CFBundleIdentifier</key><string>de.opensource.SubEthaEdit.MacFULL</string>
            <key>CFBundleName</key><string>SubEthaEdit</string>
            <key>LSMinimumSystemVersion</key><string>11.0</string>
            <key>CFBundleDocumentTypes</key><array>\(claim(["de.codingmonkeys.subethaedit.seestyle"], rank: "Owner"))</array>
            <key>UTExportedTypeDeclarations</key><array>
            \(declaration("de.codingmonkeys.subethaedit.seestyle", extensions: ["seestyle"]))
            \(declaration("com.microsoft.word.doc", extensions: ["doc"]))
            </array>
            """)
        let findings = try check()
        let foreign = of("foreign-export", findings)
        XCTAssertEqual(foreign.count, 1, "\(foreign)")
        XCTAssertTrue(foreign.first?.contains("exports 'com.microsoft.word.doc'") == true, "\(foreign)")
        XCTAssertEqual(of("owner-without-export", findings), [])
    }

    /// `.go` in a legacy key beside LSItemContentTypes is lost only if nothing else of the app
    /// opens it: here its own exported type does (SubEthaEdit), so nothing is reported.
    func testLegacyTagsStillOpenedAnotherWayAreNotLost() throws {
        // An editor whose Go entry names .go only in the legacy key, beside a second claim.
        func editor(secondClaim: String) throws {
            let goType = declaration("com.acme.go-source", parents: ["public.source-code"], extensions: ["go"])
            try manifest(
                """
                <key>CFBundleIdentifier</key><string>com.acme.editor</string>
                <key>LSMinimumSystemVersion</key><string>11.0</string>
                <key>CFBundleDocumentTypes</key><array>
                <dict><key>CFBundleTypeName</key><string>Go</string><key>CFBundleTypeRole</key><string>Editor</string>
                <key>LSHandlerRank</key><string>Default</string>
                <key>LSItemContentTypes</key><array><string>public.objective-c-source</string></array>
                <key>CFBundleTypeExtensions</key><array><string>go</string></array></dict>
                \(secondClaim)
                </array>
                <key>UTExportedTypeDeclarations</key><array>\(goType)</array>
                """)
        }
        try editor(secondClaim: claim(["com.acme.go-source"], role: "Editor"))
        XCTAssertEqual(of("shadowed-legacy-keys", try check()), [])

        // Without the second claim the files are lost; with only a catch-all, said so.
        try editor(secondClaim: claim(["public.data"], role: "Viewer", rank: "Alternate"))
        let lost = of("shadowed-legacy-keys", try check())
        XCTAssertEqual(lost.count, 1)
        XCTAssertTrue(
            lost.first?.contains("those files reach this app only through its catch-all claim") == true, "\(lost)")
    }
}
