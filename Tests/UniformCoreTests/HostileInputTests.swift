import Foundation
import UniformCore
import UniformPlist
import XCTest
import ZIPFoundation

/// Archives and bundles made to hurt: each is refused with an error that names the input,
/// and nothing else in the run is affected.
final class HostileInputTests: XCTestCase {
    var fixtures: BundleFixtures!

    override func setUpWithError() throws {
        fixtures = try BundleFixtures()
    }

    override func tearDown() {
        fixtures.remove()
    }

    /// Loads `path` beside a good manifest; returns the one error, checking the good app loaded.
    func refusal(
        _ path: URL, limits: ArchiveLimits = ArchiveLimits(), file: StaticString = #filePath, line: UInt = #line
    ) throws -> PlistError {
        let good = Fixtures.example("molecules/apps/TextPad/Info.plist")
        let loaded = ManifestLoader(archiveLimits: limits).load([path.path, good])
        XCTAssertEqual(loaded.manifests.map(\.bundleID), ["com.brightleafapps.textpad"], file: file, line: line)
        XCTAssertEqual(loaded.errors.count, 1, "\(loaded.errors)", file: file, line: line)
        let error = try XCTUnwrap(loaded.errors.first, file: file, line: line)
        XCTAssertTrue(
            error.file.hasPrefix(path.path), "the error names the input: \(error.file)", file: file, line: line)
        XCTAssertTrue(loaded.errorFindings.allSatisfy { $0.severity == .error }, file: file, line: line)
        return error
    }

    func plist(_ id: String) -> Data {
        Data(
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>\(id)</string></dict></plist>"
                .utf8)
    }

    func testZipBombIsRefusedByRatio() throws {
        var bomb = plist("com.bomb")
        bomb.append(Data(count: 8 << 20)) // 8 MiB of zeros: deflates about 1000:1
        let ipa = try fixtures.zip(members: [("Payload/Bomb.app/Info.plist", bomb)], into: "Bomb.ipa")
        let size = try FileManager.default.attributesOfItem(atPath: ipa.path)[.size] as! Int
        XCTAssertLessThan(size, 100_000)
        let error = try refusal(ipa)
        XCTAssertEqual(error.file, ipa.path + "!/Payload/Bomb.app/Info.plist")
        XCTAssertTrue(error.message.contains("zip bomb") && error.message.contains("200:1"), error.message)
    }

    func testOversizedMemberIsRefused() throws {
        var big = plist("com.big")
        var random = SplitMix64(state: 40_000) // seeded: the same archive every run
        big.append(Data((0..<40_000).map { _ in UInt8.random(in: 65...90, using: &random) }))
        let ipa = try fixtures.zip(members: [("Payload/Big.app/Info.plist", big)], into: "Big.ipa")
        var limits = ArchiveLimits()
        limits.maxMemberBytes = 16 << 10
        let error = try refusal(ipa, limits: limits)
        XCTAssertTrue(error.message.contains("over the 16384-byte limit"), error.message)
    }

    func testMemberLongerThanDeclaredStopsAtTheDeclaredSize() throws {
        var padded = plist("com.liar")
        padded.append(Data(repeating: 0x20, count: 3000))
        let ipa = try fixtures.zip(members: [("Payload/Liar.app/Info.plist", padded)], into: "Liar.ipa")
        // Make the central directory understate the uncompressed size (offset 24 of the record).
        var bytes = try Data(contentsOf: ipa)
        let signature = Data([0x50, 0x4b, 0x01, 0x02])
        let record = try XCTUnwrap(bytes.range(of: signature)).lowerBound
        bytes.replaceSubrange(record + 24..<record + 28, with: [100, 0, 0, 0])
        try bytes.write(to: ipa)
        // The local header still says the real size: the two headers disagree.
        var error = try refusal(ipa)
        XCTAssertTrue(error.message.contains("declares other sizes than the central directory"), error.message)
        // Both headers understate it: inflating stops at the declared size.
        let local = try XCTUnwrap(bytes.range(of: Data([0x50, 0x4b, 0x03, 0x04]))).lowerBound
        bytes.replaceSubrange(local + 22..<local + 26, with: [100, 0, 0, 0])
        try bytes.write(to: ipa)
        error = try refusal(ipa)
        XCTAssertTrue(error.message.contains("more than the 100 bytes its header declares"), error.message)
    }

    /// One compressed member listed under many names inflates once per name (57 KB became 3.5 GB
    /// in 34 s); a name listed twice let the last one win.
    func testOverlappingAndDuplicateEntriesAreRefused() throws {
        let ipa = try fixtures.zip(
            members: [("Payload/A.app/Info.plist", plist("com.a")), ("Payload/B.app/Info.plist", plist("com.b"))],
            into: "Overlap.ipa")
        var bytes = try Data(contentsOf: ipa)
        // Point the second central record's local-header offset (offset 42) at the first member.
        let signature = Data([0x50, 0x4b, 0x01, 0x02])
        let first = try XCTUnwrap(bytes.range(of: signature)).lowerBound
        let second = try XCTUnwrap(bytes.range(of: signature, in: (first + 4)..<bytes.count)).lowerBound
        var overlapping = bytes
        overlapping.replaceSubrange(second + 42..<second + 46, with: bytes[(first + 42)..<(first + 46)])
        try overlapping.write(to: ipa)
        let shared = try refusal(ipa).message
        XCTAssertTrue(shared.contains("share bytes"), shared)
        // Rename the second entry to the first's name (same length).
        let nameLength = Int(bytes[first + 28]) | Int(bytes[first + 29]) << 8
        bytes.replaceSubrange(
            (second + 46)..<(second + 46 + nameLength), with: bytes[(first + 46)..<(first + 46 + nameLength)])
        try bytes.write(to: ipa)
        let twice = try refusal(ipa).message
        XCTAssertTrue(twice.contains("appears twice"), twice)
    }

    /// All manifests of one archive together inflate to at most `ArchiveLimits.maxTotalBytes`.
    func testTotalInflatedBytesAreCapped() throws {
        let members = (0..<8).map { ("Payload/App.app/PlugIns/P\($0).appex/Info.plist", plist("com.app.p\($0)")) }
        let ipa = try fixtures.zip(
            members: [("Payload/App.app/Info.plist", plist("com.app"))] + members, into: "Many.ipa")
        var limits = ArchiveLimits()
        limits.maxTotalBytes = UInt64(plist("com.app").count * 3)
        XCTAssertTrue(try refusal(ipa, limits: limits).message.contains("ArchiveLimits.maxTotalBytes"))
    }

    func testPathTraversalRefusesTheWholeArchive() throws {
        let ipa = try fixtures.zip(
            members: [
                ("Payload/Good.app/Info.plist", plist("com.good")),
                ("Payload/../../evil.plist", plist("com.evil")),
            ], into: "Traversal.ipa")
        let error = try refusal(ipa)
        XCTAssertEqual(error.file, ipa.path)
        XCTAssertTrue(error.message.contains("path traversal") && error.message.contains("../"), error.message)
    }

    func testTruncatedArchiveIsAClearError() throws {
        let ipa = try fixtures.zip(members: [("Payload/Cut.app/Info.plist", plist("com.cut"))], into: "Cut.ipa")
        let bytes = try Data(contentsOf: ipa)
        for keep in [bytes.count - 10, bytes.count / 2, 30, 0] {
            try bytes.prefix(keep).write(to: ipa)
            let error = try refusal(ipa)
            XCTAssertEqual(error.file, ipa.path)
            XCTAssertTrue(error.message.contains("truncated"), "\(keep): \(error.message)")
        }
    }

    func testDamagedMemberDataIsAClearError() throws {
        var body = plist("com.damaged")
        body.append(Data((0..<2000).map { UInt8($0 % 251) }))
        let ipa = try fixtures.zip(
            members: [("Payload/Damaged.app/Info.plist", body)], into: "Damaged.ipa", compression: .none)
        var bytes = try Data(contentsOf: ipa)
        let at = try XCTUnwrap(bytes.range(of: Data("com.damaged".utf8))).lowerBound
        bytes[at] = UInt8(ascii: "X")
        try bytes.write(to: ipa)
        let error = try refusal(ipa)
        XCTAssertEqual(error.file, ipa.path + "!/Payload/Damaged.app/Info.plist")
        XCTAssertTrue(error.message.contains("checksum") || error.message.contains("damaged"), error.message)
    }

    func testZipWithoutPayloadIsNotAnIPA() throws {
        let ipa = try fixtures.zip(members: [("readme.txt", Data("hi".utf8))], into: "NotAnApp.ipa")
        let error = try refusal(ipa)
        XCTAssertTrue(error.message.contains("no Payload/*.app"), error.message)
    }

    func testArbitraryBytesNamedIPA() throws {
        var random = SplitMix64(state: 5000) // seeded: the same bytes every run
        let url = try fixtures.write(
            Data((0..<5000).map { _ in UInt8.random(in: 0...255, using: &random) }), at: "Random.ipa")
        let error = try refusal(url)
        XCTAssertTrue(error.message.contains("not a readable zip archive"), error.message)
    }

    func testSymlinkOutOfABundleIsNotFollowed() throws {
        let app = fixtures.root.appendingPathComponent("Evil.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let outside = try fixtures.write(plist("com.secret"), at: "secret/Info.plist")
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("Info.plist").path, withDestinationPath: outside.path)
        let error = try refusal(app)
        XCTAssertEqual(error.file, app.path + "/Info.plist")
        XCTAssertTrue(error.message.contains("outside the bundle"), error.message)
    }

    func testSymlinkedPlugInFolderOutOfABundleIsNotFollowed() throws {
        let app = try fixtures.bundle("Host.app", layout: .ios, plist: BundleFixtures.example("Molecules"))
        try fixtures.bundle("elsewhere/PDBPreview.appex", layout: .ios, plist: BundleFixtures.example("PDBPreview"))
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("PlugIns"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("PlugIns/PDBPreview.appex").path,
            withDestinationPath: fixtures.root.appendingPathComponent("elsewhere/PDBPreview.appex").path)
        let loaded = ManifestLoader().load([app.path])
        XCTAssertEqual(loaded.manifests.map(\.bundleID), ["com.sunsetlakesoftware.molecules"])
        XCTAssertEqual(loaded.errors.map(\.file), [app.path + "/PlugIns/PDBPreview.appex"])
        XCTAssertTrue(loaded.errors.first?.message.contains("outside the bundle") == true)
    }

    func testSymlinkInsideABundleIsFollowed() throws {
        let app = fixtures.root.appendingPathComponent("Linked.app")
        try fixtures.write(BundleFixtures.example("Molecules"), at: "Linked.app/Resources/Real-Info.plist")
        try FileManager.default.createSymbolicLink(
            atPath: app.appendingPathComponent("Info.plist").path, withDestinationPath: "Resources/Real-Info.plist")
        let loaded = ManifestLoader().load([app.path])
        XCTAssertEqual(loaded.errors.map(\.description), [])
        XCTAssertEqual(loaded.manifests.map(\.bundleID), ["com.sunsetlakesoftware.molecules"])
    }

    func testBundleWithoutInfoPlistAndArchiveWithoutApps() throws {
        let empty = fixtures.root.appendingPathComponent("Empty.app")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertTrue(try refusal(empty).message.contains("no Info.plist in the bundle"))
        let archive = fixtures.root.appendingPathComponent("Framework.xcarchive")
        try fixtures.write(Data(), at: "Framework.xcarchive/Products/Library/Frameworks/readme")
        XCTAssertTrue(try refusal(archive).message.contains("no app in Products/Applications/"))
    }
}
