import Foundation
import UniformCore
import XCTest

/// Built products answer like the loose manifests they were built from, with locations that
/// name the product (`Molecules.ipa!/Payload/Molecules.app/Info.plist:12:5`).
final class BundleInputTests: XCTestCase {
    var fixtures: BundleFixtures!

    override func setUpWithError() throws {
        fixtures = try BundleFixtures()
    }

    override func tearDown() {
        fixtures.remove()
    }

    /// What a world answers, in a comparable form.
    func answers(_ world: World) throws -> [String] {
        var lines: [String] = []
        for (target, role) in [
            (".pdb", RoleQuery.all), ("Structure.pdb.gz", .all), (".txt", .all), (".pdb", .editor),
            ("chemical/x-pdb", .all), (".zip", .all),
        ] {
            let r = try Fixtures.resolve(target, in: world, role: role)
            lines.append(
                "\(target) \(role): type=\(r.type.identifier) default=\(r.defaultHandler ?? "-") handlers=\(r.handlers.map { "\($0.bundleID)/\($0.match)/\($0.distance)" }) excluded=\(r.excluded.map(\.bundleID).sorted())"
            )
        }
        return lines
    }

    func looseWorld() throws -> (World, ManifestLoader.Result) {
        let loaded = ManifestLoader().load([Fixtures.example("molecules/apps")])
        XCTAssertEqual(loaded.errors.map(\.description), [])
        XCTAssertEqual(loaded.manifests.count, 6)
        return (World(manifests: loaded.manifests), loaded)
    }

    func load(_ paths: [String]) -> (World, ManifestLoader.Result) {
        let loaded = ManifestLoader().load(paths)
        XCTAssertEqual(loaded.errors.map(\.description), [])
        XCTAssertEqual(loaded.missing, [])
        return (World(manifests: loaded.manifests), loaded)
    }

    func assertSameApps(_ world: World, _ loose: World, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(world.apps.map(\.bundleID).sorted(), loose.apps.map(\.bundleID).sorted(), file: file, line: line)
        for app in loose.apps {
            let other = world.app(app.bundleID)
            XCTAssertEqual(other?.claims.count, app.claims.count, app.bundleID, file: file, line: line)
            XCTAssertEqual(
                other?.exportedTypes.map(\.identifier), app.exportedTypes.map(\.identifier), app.bundleID, file: file,
                line: line)
            XCTAssertEqual(other?.platform, app.platform, app.bundleID, file: file, line: line)
        }
    }

    func testAppFoldersAnswerLikeLooseManifests() throws {
        try fixtures.moleculesApps(in: "products")
        let (loose, _) = try looseWorld()
        let (world, loaded) = load([fixtures.root.appendingPathComponent("products").path])
        assertSameApps(world, loose)
        XCTAssertEqual(try answers(world), try answers(loose))
        XCTAssertEqual(loaded.skipped.count, 1, "the widget extension declares no types: \(loaded.skipped)")
        XCTAssertTrue(loaded.skipped.first?.hasSuffix("Molecules.app/PlugIns/Widget.appex/Info.plist") == true)

        let preview = try XCTUnwrap(world.app("org.proteinlab.pdbpreview"))
        XCTAssertTrue(
            preview.file.hasSuffix("products/Molecules.app/PlugIns/PDBPreview.appex/Info.plist"), preview.file)
        let fileBox = try XCTUnwrap(world.app("com.harborlabs.filebox"))
        XCTAssertTrue(fileBox.file.hasSuffix("products/FileBox.app/Contents/Info.plist"), fileBox.file)
        XCTAssertNotNil(fileBox.claims.first?.location.line)

        // The binary Info.plist: locations are byte offsets.
        let textPad = try XCTUnwrap(world.app("com.brightleafapps.textpad"))
        XCTAssertTrue(textPad.file.hasSuffix("products/TextPad.app/Info.plist"))
        XCTAssertEqual(textPad.document?.format, .binary)
        XCTAssertNil(textPad.claims.first?.location.line)
        XCTAssertNotNil(textPad.claims.first?.location.offset)
        XCTAssertTrue(textPad.claims.first?.location.description.contains("TextPad.app/Info.plist@") == true)
    }

    func testAnAppNamedDirectlyBringsItsPlugIns() throws {
        try fixtures.moleculesApps(in: "products")
        let (world, _) = load([fixtures.root.appendingPathComponent("products/Molecules.app").path + "/"])
        XCTAssertEqual(world.apps.map(\.bundleID), ["com.sunsetlakesoftware.molecules", "org.proteinlab.pdbpreview"])
    }

    func testIPAsAnswerLikeLooseManifestsWithLocationsNamingTheArchive() throws {
        try fixtures.moleculesApps(in: "Payload")
        for name in BundleFixtures.appNames {
            try fixtures.zip("Payload/\(name).app", base: "", into: "ipas/\(name).ipa")
        }
        try FileManager.default.removeItem(at: fixtures.root.appendingPathComponent("Payload"))

        let (loose, _) = try looseWorld()
        let ipas = fixtures.root.appendingPathComponent("ipas").path
        let (world, loaded) = load([ipas])
        assertSameApps(world, loose)
        XCTAssertEqual(try answers(world), try answers(loose))
        XCTAssertEqual(loaded.skipped, ["\(ipas)/Molecules.ipa!/Payload/Molecules.app/PlugIns/Widget.appex/Info.plist"])

        let molecules = try XCTUnwrap(world.app("com.sunsetlakesoftware.molecules"))
        XCTAssertEqual(molecules.file, "\(ipas)/Molecules.ipa!/Payload/Molecules.app/Info.plist")
        let claim = try XCTUnwrap(molecules.claims.first?.location)
        XCTAssertEqual(claim.file, molecules.file)
        XCTAssertNotNil(claim.line)
        XCTAssertTrue(
            claim.description.hasPrefix("\(ipas)/Molecules.ipa!/Payload/Molecules.app/Info.plist:"), claim.description)
        XCTAssertEqual(
            world.app("org.proteinlab.pdbpreview")?.file,
            "\(ipas)/Molecules.ipa!/Payload/Molecules.app/PlugIns/PDBPreview.appex/Info.plist")
        let r = try Fixtures.resolve(".pdb", in: world)
        XCTAssertEqual(r.handlers.first?.claim.file, molecules.file)

        // Binary inside an archive: an offset, and the archive in the file name.
        let textPad = try XCTUnwrap(world.app("com.brightleafapps.textpad")?.claims.first?.location)
        XCTAssertEqual(textPad.file, "\(ipas)/TextPad.ipa!/Payload/TextPad.app/Info.plist")
        XCTAssertNotNil(textPad.offset)

        // Named directly, one .ipa is one app (plus its plug-in).
        let (single, _) = load(["\(ipas)/Molecules.ipa"])
        XCTAssertEqual(single.apps.map(\.bundleID), ["com.sunsetlakesoftware.molecules", "org.proteinlab.pdbpreview"])
    }

    func testXCArchiveAnswersLikeLooseManifests() throws {
        try fixtures.moleculesApps(in: "Lab.xcarchive/Products/Applications")
        // The archive's own metadata and a dSYM carry bundle ids but are not apps.
        try fixtures.write(Data(Self.archiveInfo.utf8), at: "Lab.xcarchive/Info.plist")
        try fixtures.write(
            Data(BundleFixtures.widget.utf8), at: "Lab.xcarchive/dSYMs/Molecules.app.dSYM/Contents/Info.plist")
        let (loose, _) = try looseWorld()
        let archive = fixtures.root.appendingPathComponent("Lab.xcarchive").path
        let (world, loaded) = load([archive])
        assertSameApps(world, loose)
        XCTAssertEqual(try answers(world), try answers(loose))
        XCTAssertEqual(
            world.app("com.zipwerk.unzipper")?.file, "\(archive)/Products/Applications/Unzipper.app/Contents/Info.plist"
        )
        XCTAssertEqual(loaded.skipped.count, 1)

        // Found inside a directory, with the stand-in seed relative to it.
        let (inFolder, _) = load([fixtures.root.path])
        assertSameApps(inFolder, loose)
    }

    func testMacOSQuickLookSpotlightAndExtensionsAreAppsOfTheirOwn() throws {
        try fixtures.bundle("Viewer.app", layout: .macos, plist: BundleFixtures.example("Molecules"))
        try fixtures.bundle(
            "Viewer.app/Contents/Library/QuickLook/PDBPreview.qlgenerator", layout: .macos,
            plist: BundleFixtures.binary(BundleFixtures.example("PDBPreview")))
        try fixtures.bundle(
            "Viewer.app/Contents/Library/Spotlight/PDB.mdimporter", layout: .macos, plist: Data(Self.importer.utf8))
        try fixtures.bundle(
            "Viewer.app/Contents/PlugIns/Preview.appex", layout: .macos, plist: Data(Self.previewExtension.utf8))
        try fixtures.bundle(
            "Viewer.app/Contents/Extensions/Thumbs.appex", layout: .macos, plist: Data(BundleFixtures.widget.utf8))
        let app = fixtures.root.appendingPathComponent("Viewer.app").path
        let (world, loaded) = load([app])
        XCTAssertEqual(
            world.apps.map(\.bundleID),
            [
                "com.sunsetlakesoftware.molecules", "org.proteinlab.pdbpreview", "org.proteinlab.pdb-importer",
                "org.proteinlab.preview-extension",
            ])
        XCTAssertEqual(
            world.apps.map { String($0.file.dropFirst(app.count)) },
            [
                "/Contents/Info.plist",
                "/Contents/Library/QuickLook/PDBPreview.qlgenerator/Contents/Info.plist",
                "/Contents/Library/Spotlight/PDB.mdimporter/Contents/Info.plist",
                "/Contents/PlugIns/Preview.appex/Contents/Info.plist",
            ])
        XCTAssertEqual(loaded.skipped, ["\(app)/Contents/Extensions/Thumbs.appex/Contents/Info.plist"])
        let r = try Fixtures.resolve(".pdb", in: world)
        XCTAssertEqual(r.handlers.map(\.bundleID), ["com.sunsetlakesoftware.molecules"])
        XCTAssertEqual(Set(r.excluded.map(\.bundleID)), ["org.proteinlab.pdbpreview", "org.proteinlab.pdb-importer"])
    }

    func testDirectorySearchKeepsLoosePlistsAndReadsBundlesAsBundles() throws {
        try fixtures.write(BundleFixtures.example("TextPad"), at: "mixed/a/TextPad-Info.plist")
        try fixtures.bundle("mixed/b/Molecules.app", layout: .ios, plist: BundleFixtures.example("Molecules"))
        // A stray resource plist inside a bundle is not a manifest of its own.
        try fixtures.write(BundleFixtures.example("FileBox"), at: "mixed/b/Molecules.app/Resources/Settings.plist")
        let (world, _) = load([fixtures.root.appendingPathComponent("mixed").path])
        XCTAssertEqual(world.apps.map(\.bundleID), ["com.brightleafapps.textpad", "com.sunsetlakesoftware.molecules"])
    }

    /// The search lists linked files, skips hidden folders and node_modules, and does not go
    /// into linked folders (which could loop or leave the tree).
    /// A link to a file inside the searched folder is followed; one that leaves it (what a pull
    /// request could plant to read a file elsewhere) is not, nor is a linked folder.
    func testDirectorySearchFollowsLinksOnlyWithinTheTreeAndNotLinkedFolders() throws {
        try fixtures.write(BundleFixtures.example("TextPad"), at: "outside/TextPad-Info.plist")
        try fixtures.write(BundleFixtures.example("FileBox"), at: "tree/.hidden/FileBox-Info.plist")
        try fixtures.write(BundleFixtures.example("FileBox"), at: "tree/node_modules/FileBox-Info.plist")
        try fixtures.write(BundleFixtures.example("Molecules"), at: "tree/deep/er/Molecules-Info.plist")
        let fm = FileManager.default
        let root = fixtures.root
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("tree/linked-Info.plist").path,
            withDestinationPath: root.appendingPathComponent("outside/TextPad-Info.plist").path)
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("tree/folder-link").path,
            withDestinationPath: root.appendingPathComponent("outside").path)
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("tree/dangling-Info.plist").path,
            withDestinationPath: "/nonexistent/x.plist")
        try fixtures.write(BundleFixtures.example("TextPad"), at: "tree/shared/TextPad-Info.plist")
        try fm.createSymbolicLink(
            atPath: root.appendingPathComponent("tree/inside-Info.plist").path,
            withDestinationPath: root.appendingPathComponent("tree/shared/TextPad-Info.plist").path)
        let (world, _) = load([root.appendingPathComponent("tree").path])
        // TextPad twice (its file and the link to it inside the tree), never the outside copy.
        XCTAssertEqual(world.apps.map(\.file).filter { $0.contains("outside") }, [])
        XCTAssertEqual(
            world.apps.map(\.bundleID).sorted(),
            ["com.brightleafapps.textpad", "com.brightleafapps.textpad#2", "com.sunsetlakesoftware.molecules"])
    }

    static let archiveInfo = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>ApplicationProperties</key><dict><key>CFBundleIdentifier</key><string>com.sunsetlakesoftware.molecules</string></dict>
        <key>ArchiveVersion</key><integer>2</integer><key>Name</key><string>Lab</string>
        </dict></plist>
        """

    static let importer = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>org.proteinlab.pdb-importer</string>
        <key>CFBundleDocumentTypes</key><array><dict>
        <key>CFBundleTypeRole</key><string>MDImporter</string>
        <key>LSItemContentTypes</key><array><string>com.sunsetlakesoftware.molecules.pdb</string></array>
        </dict></array>
        </dict></plist>
        """

    static let previewExtension = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>org.proteinlab.preview-extension</string>
        <key>UTImportedTypeDeclarations</key><array><dict>
        <key>UTTypeIdentifier</key><string>com.sunsetlakesoftware.molecules.pdb</string>
        <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
        </dict></array>
        </dict></plist>
        """
}
