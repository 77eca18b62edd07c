import Foundation
import XCTest

@testable import UniformPlist

/// The real CoreTypes binary plist against its independently normalized JSON, and against
/// Foundation's reading of the same bytes.
final class CoreTypesBinaryTests: XCTestCase {
    private struct Declaration: Equatable {
        var identifier: String
        var declaration: String
        var conformsTo: [String]
        var tags: [String: [String]]
    }

    /// A value documented as an array may be a single string; the JSON normalizes to arrays.
    private func strings(_ node: PlistNode?) -> [String] {
        guard let node else { return [] }
        if let string = node.string { return [string] }
        return node.array?.compactMap(\.string) ?? []
    }

    func testDeclarationsMatchTheNormalizedJSON() throws {
        let document = try PlistReader.read(contentsOf: try SharedFixtures.require(SharedFixtures.coreTypesBinary).path)
        XCTAssertEqual(document.format, .binary)
        var ours: [Declaration] = []
        for (key, kind) in [("UTExportedTypeDeclarations", "exported"), ("UTImportedTypeDeclarations", "imported")] {
            for item in document.root[key]?.array ?? [] {
                var tags: [String: [String]] = [:]
                // The JSON keeps tag classes with string or array values only (com.apple.ipad
                // nests a whole dictionary under its tags).
                for entry in item["UTTypeTagSpecification"]?.dictionary?.entries ?? []
                where entry.value.dictionary == nil {
                    tags[entry.key] = strings(entry.value)
                }
                ours.append(
                    Declaration(
                        identifier: item["UTTypeIdentifier"]?.string ?? "", declaration: kind,
                        conformsTo: strings(item["UTTypeConformsTo"]), tags: tags))
            }
        }
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: try SharedFixtures.require(SharedFixtures.coreTypesJSON))) as? [String: Any]
        let types = try XCTUnwrap(json?["types"] as? [[String: Any]])
        let theirs = types.map { type in
            Declaration(
                identifier: type["identifier"] as? String ?? "", declaration: type["declaration"] as? String ?? "",
                conformsTo: type["conformsTo"] as? [String] ?? [],
                tags: (type["tags"] as? [String: [String]]) ?? [:])
        }
        XCTAssertEqual(ours.count, theirs.count)
        let byKey = Dictionary(grouping: ours) { "\($0.declaration) \($0.identifier)" }
        var mismatches: [String] = []
        for declaration in theirs
        where byKey["\(declaration.declaration) \(declaration.identifier)"]?.contains(declaration) != true {
            mismatches.append(declaration.identifier)
        }
        XCTAssertEqual(mismatches, [], "declarations that differ from the JSON")
    }

    func testWholeTreeMatchesFoundation() throws {
        let url = try SharedFixtures.require(SharedFixtures.coreTypesBinary)
        let data = try Data(contentsOf: url)
        let document = try PlistReader.read(bytes: [UInt8](data), file: url.lastPathComponent)
        let differences = FoundationComparison.differences(
            document.root, try FoundationComparison.foundationParse(data))
        XCTAssertEqual(differences.prefix(5).map { $0 }, [])
    }

    func testBinaryMarksPointAtMarkerBytes() throws {
        let url = try SharedFixtures.require(SharedFixtures.coreTypesBinary)
        let bytes = [UInt8](try Data(contentsOf: url))
        let document = try PlistReader.read(bytes: bytes, file: url.lastPathComponent)
        let first = try XCTUnwrap(document.root["UTExportedTypeDeclarations"]?.array?.first)
        XCTAssertEqual(bytes[first.mark.offset] >> 4, 0xD, "a dictionary marker")
        let identifier = try XCTUnwrap(first.dictionary?.entry("UTTypeIdentifier"))
        XCTAssertTrue([0x5, 0x6].contains(bytes[identifier.keyMark.offset] >> 4))
        XCTAssertTrue([0x5, 0x6].contains(bytes[identifier.value.mark.offset] >> 4))
        XCTAssertNil(identifier.value.mark.line)
    }
}
