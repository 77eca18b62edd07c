import Foundation
import XCTest
import ZIPFoundation

/// Built products and build settings on the command line: `-m App.ipa`, `--xcconfig`.
final class BundleCommandTests: XCTestCase {
    func example(_ name: String) throws -> Data {
        try Data(contentsOf: CLI.packageRoot.appendingPathComponent("examples/molecules/apps/\(name)/Info.plist"))
    }

    func makeIPA(_ members: [(String, Data)], in directory: URL, name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in members {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    func testResolveReadsAnIPAAndNamesItInLocations() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ipa = try makeIPA(
            [
                ("Payload/Molecules.app/Info.plist", try example("Molecules")),
                ("Payload/Molecules.app/PlugIns/PDBPreview.appex/Info.plist", try example("PDBPreview")),
            ], in: dir, name: "Molecules.ipa")
        let result = try CLI.run(["resolve", ".pdb", "-m", ipa.path, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try CLI.json(result.stdout)
        let handlers = try XCTUnwrap(json["handlers"] as? [[String: Any]])
        XCTAssertEqual(handlers.first?["bundle_id"] as? String, "com.sunsetlakesoftware.molecules")
        let claim = try XCTUnwrap(handlers.first?["claim"] as? [String: Any])
        XCTAssertEqual(claim["file"] as? String, ipa.path + "!/Payload/Molecules.app/Info.plist")
        XCTAssertNotNil(claim["line"] as? Int)
        XCTAssertTrue("\(json["excluded"] ?? "")".contains("org.proteinlab.pdbpreview"))

        let text = try CLI.run(["resolve", ".pdb", "-m", ipa.path, "--explain"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("Molecules.ipa!/Payload/Molecules.app/Info.plist:"), text.stdout)
    }

    func testHostileIPAExitsTwoNamingTheArchive() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ipa = try makeIPA(
            [
                ("Payload/Molecules.app/Info.plist", try example("Molecules")),
                ("Payload/../../../tmp/x.plist", Data("x".utf8)),
            ], in: dir, name: "Evil.ipa")
        let result = try CLI.run(["resolve", ".pdb", "-m", ipa.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains(ipa.path) && result.stderr.contains("path traversal"), result.stderr)
    }

    func testXCConfigResolvesPlaceholdersAndDefineWins() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = String(decoding: try example("Molecules"), as: UTF8.self)
            .replacingOccurrences(
                of: "com.sunsetlakesoftware.molecules</string>", with: "$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
        XCTAssertTrue(template.contains("$(PRODUCT_BUNDLE_IDENTIFIER)"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        try template.write(to: dir.appendingPathComponent("App/Info.plist"), atomically: true, encoding: .utf8)
        try
            "PRODUCT_NAME = Molecules\nPRODUCT_BUNDLE_IDENTIFIER = com.acme.$(PRODUCT_NAME:lower)\nPRODUCT_BUNDLE_IDENTIFIER[sdk=iphonesimulator*] = com.acme.sim\n"
            .write(to: dir.appendingPathComponent("App.xcconfig"), atomically: true, encoding: .utf8)

        func defaultHandler(_ extra: [String]) throws -> String? {
            let result = try CLI.run(["resolve", ".pdb", "-m", "App", "--format", "json"] + extra, in: dir)
            XCTAssertEqual(result.status, 0, result.stderr)
            return try CLI.json(result.stdout)["default"] as? String
        }
        XCTAssertEqual(try defaultHandler([]), "standin.info-plist")
        XCTAssertEqual(try defaultHandler(["--xcconfig", "App.xcconfig"]), "com.acme.molecules")
        XCTAssertEqual(
            try defaultHandler(["--xcconfig", "App.xcconfig", "--define", "PRODUCT_NAME=Lab"]), "com.acme.lab")
        XCTAssertEqual(
            try defaultHandler(["--xcconfig", "App.xcconfig", "--define", "PRODUCT_BUNDLE_IDENTIFIER=com.cli.app"]),
            "com.cli.app")

        let verbose = try CLI.run(["resolve", ".pdb", "-m", "App", "--xcconfig", "App.xcconfig", "--verbose"], in: dir)
        XCTAssertTrue(
            verbose.stderr.contains(
                "App.xcconfig:3:1: note: PRODUCT_BUNDLE_IDENTIFIER[sdk=iphonesimulator*] depends on the SDK"),
            verbose.stderr)

        let missing = try CLI.run(["resolve", ".pdb", "-m", "App", "--xcconfig", "Nope.xcconfig"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("Nope.xcconfig"), missing.stderr)
    }
}
