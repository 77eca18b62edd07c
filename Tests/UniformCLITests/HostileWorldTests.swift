import Foundation
import XCTest

/// Whole-run attacks that need no Lua of their own: inputs whose size makes the standard rules
/// or the host's answers grow faster than the input. Generated here at a size that shows the
/// growth; exact figures are in the benchmark, the bounds here are loose.
final class HostileWorldTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLI.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// 5,000 copies of one manifest exporting five types that share `.txt` once took 246 s and
    /// 13 GB: every shadowed declaration listed every claimant, and two standard rules asked
    /// for the same extension once per export.
    func testThousandsOfCopiesOfOneManifestStayLinear() throws {
        let declarations = (0..<5).map { i in
            "<dict><key>UTTypeIdentifier</key><string>com.acme.t\(i)</string><key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>"
                + "<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>txt</string><string>e\(i)</string></array></dict></dict>"
        }.joined()
        let manifest = """
            <?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.app</string>
            <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>
            <key>LSItemContentTypes</key><array><string>com.acme.t0</string></array></dict></array>
            <key>UTExportedTypeDeclarations</key><array>\(declarations)</array></dict></plist>
            """
        for i in 0..<2_000 { try TestManifest.write(manifest, to: dir, "A\(i)/Info.plist") }
        let start = Date()
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60)
        let findings = try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []
        XCTAssertEqual(
            findings.filter { $0["rule"] as? String == "rule-error" }.compactMap { $0["message"] as? String }, [],
            "every standard rule finishes within its limits")
        XCTAssertTrue(findings.contains { $0["rule"] as? String == "export-loses-extension" })
        let messages = findings.compactMap { $0["message"] as? String }
        XCTAssertLessThan(messages.map(\.count).max() ?? 0, 2_000, "messages name a few apps, then how many more")
    }

    /// A binary plist whose document types list one shared dictionary `count` times.
    func sharedDocumentTypes(_ count: Int) -> Data {
        func be(_ v: Int, _ size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) }
        }
        func ascii(_ s: String) -> [UInt8] {
            (s.utf8.count < 15 ? [0x50 | UInt8(s.utf8.count)] : [0x5F, 0x10, UInt8(s.utf8.count)]) + Array(s.utf8)
        }
        func counted(_ marker: UInt8, _ n: Int) -> [UInt8] {
            n < 15 ? [marker | UInt8(n)] : [marker | 0x0F, 0x12] + be(n, 4)
        }
        func refs(_ list: [Int]) -> [UInt8] { list.flatMap { be($0, 4) } }
        let objects: [[UInt8]] = [
            counted(0xD0, 2) + refs([1, 3]) + refs([2, 4]), ascii("CFBundleIdentifier"), ascii("com.bomb"),
            ascii("CFBundleDocumentTypes"),
            counted(0xA0, count) + refs(Array(repeating: 5, count: count)), counted(0xD0, 1) + refs([6]) + refs([7]),
            ascii("CFBundleTypeName"), ascii("X"),
        ]
        var data = Array("bplist00".utf8), offsets: [Int] = []
        for object in objects {
            offsets.append(data.count)
            data += object
        }
        let table = data.count
        for offset in offsets { data += be(offset, 4) }
        data += [0, 0, 0, 0, 0, 0, 4, 4] + be(objects.count, 8) + be(0, 8) + be(table, 8)
        return Data(data)
    }

    /// 400,000 references to one dictionary once gave 400,000 findings and 80 MB of output in
    /// 25 s: a manifest may expand to 250,000 objects, lists are read to 2,000 entries, and
    /// every rule's findings stop at 2,000.
    func testSharedObjectsInABinaryManifestAreBounded() throws {
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        try sharedDocumentTypes(400_000).write(to: dir.appendingPathComponent("App/Info.plist"))
        var start = Date()
        let refused = try CLI.run(["check"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertTrue(refused.stdout.contains("more than 250000 objects (PlistLimits.maxObjects)"), refused.stdout)

        try sharedDocumentTypes(80_000).write(to: dir.appendingPathComponent("App/Info.plist"))
        start = Date()
        let bounded = try CLI.run(["check", "--format", "json"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        XCTAssertLessThan(bounded.stdout.utf8.count, 5_000_000)
        let findings = try CLI.json(bounded.stdout)["findings"] as? [[String: Any]] ?? []
        var perRule: [String: Int] = [:]
        for finding in findings { perRule[finding["rule"] as? String ?? "", default: 0] += 1 }
        XCTAssertEqual(perRule["manifest.too-many-entries"], 1, "\(perRule)")
        XCTAssertNil(perRule["rule-error"], "\(perRule)")
        XCTAssertLessThanOrEqual(perRule.values.max() ?? 0, 2_001, "\(perRule)")
    }
}
