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
        XCTAssertEqual(findings.filter { $0["rule"] as? String == "rule-error" }.compactMap { $0["message"] as? String }, [],
                       "every standard rule finishes within its limits")
        XCTAssertTrue(findings.contains { $0["rule"] as? String == "export-loses-extension" })
        let messages = findings.compactMap { $0["message"] as? String }
        XCTAssertLessThan(messages.map(\.count).max() ?? 0, 2_000, "messages name a few apps, then how many more")
    }
}
