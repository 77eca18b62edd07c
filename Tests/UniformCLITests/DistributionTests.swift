import Foundation
import XCTest

/// App Store Connect's document-type messages are upload warnings (ITMS-90788, ITMS-90737) and
/// mean nothing outside the App Store: a missing LSHandlerRank is a warning for store apps,
/// a note for others (Sparkle's keys, `distribution`, `--distribution` say which), and never an
/// error. Quick Look and Spotlight claims have no rank to miss.
final class DistributionTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLI.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func app(_ id: String, role: String = "Viewer", extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>\(id)</string>
        <key>CFBundleDocumentTypes</key><array><dict>
        <key>CFBundleTypeName</key><string>Text</string><key>CFBundleTypeRole</key><string>\(role)</string>
        <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
        </dict></array>
        \(extra)
        </dict></plist>
        """
    }

    func rankFindings(_ arguments: [String] = []) throws -> (status: Int32, lines: [String]) {
        let run = try CLI.run(["check"] + arguments, in: dir)
        return (
            run.status,
            run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("[missing-handler-rank]") }
        )
    }

    /// iOS apps ship through the store: warned. A Mac app of unknown distribution most often
    /// does not (open-source Mac apps): a note saying how to make it a warning.
    func testAStoreAppIsWarnedAndNeverFailed() throws {
        try TestManifest.write(
            app("com.acme.store", extra: "<key>LSRequiresIPhoneOS</key><true/>"), to: dir, "Store/Info.plist")
        try TestManifest.write(app("com.acme.mac"), to: dir, "Mac/Info.plist")
        let (status, lines) = try rankFindings()
        XCTAssertEqual(status, 0)
        XCTAssertEqual(lines.count, 2)
        let iOS = lines.first { $0.hasPrefix("Store/") } ?? "", mac = lines.first { $0.hasPrefix("Mac/") } ?? ""
        XCTAssertTrue(
            iOS.contains(": warning: ")
                && iOS.contains("App Store Connect warns (ITMS-90788) and Launch Services uses Default"), iOS)
        XCTAssertTrue(
            mac.contains(": note: ")
                && mac.contains("set distribution = \"app-store\" in .uniform.lua if this app ships there"), mac)
    }

    func testSparkleMeansOutsideTheStore() throws {
        try TestManifest.write(
            app("com.acme.sparkly", extra: "<key>SUFeedURL</key><string>https://acme.example/appcast.xml</string>"),
            to: dir, "Sparkly/Info.plist")
        let (status, lines) = try rankFindings()
        XCTAssertEqual(status, 0)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].contains(": note: ") && lines[0].contains("App Store Connect would warn"), lines[0])
        // The command line wins over the Info.plist's hint.
        let forced = try rankFindings(["--distribution", "app-store"])
        XCTAssertTrue(forced.lines[0].contains(": warning: "), forced.lines[0])
    }

    func testConfigurationAndPerAppDistribution() throws {
        try TestManifest.write(app("com.acme.one"), to: dir, "One/Info.plist")
        try TestManifest.write(app("com.acme.two"), to: dir, "Two/Info.plist")
        try TestManifest.write(
            """
            return { manifests = { "One", "Two" }, distribution = "outside",
                     apps = { ["Two/Info.plist"] = { distribution = "app-store" } } }
            """, to: dir, ".uniform.lua")
        let (_, lines) = try rankFindings()
        XCTAssertTrue(lines.contains { $0.hasPrefix("One/Info.plist") && $0.contains(": note: ") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("Two/Info.plist") && $0.contains(": warning: ") }, "\(lines)")
        try TestManifest.write(
            "return { manifests = { \"One\" }, distribution = \"testflight\" }\n", to: dir, ".uniform.lua")
        let bad = try CLI.run(["check"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'distribution' must be app-store or outside"), bad.stderr)
    }

    func testPlugInRolesHaveNoRankToMiss() throws {
        try TestManifest.write(app("com.acme.qlgenerator", role: "QLGenerator"), to: dir, "QL/Info.plist")
        try TestManifest.write(app("com.acme.importer", role: "MDImporter"), to: dir, "MD/Info.plist")
        XCTAssertEqual(try rankFindings().lines, [])
    }

    /// The JSON findings of `rule` for one app with these CFBundleDocumentTypes entries.
    func findingsOfApp(_ bundleID: String, documentTypes entries: String, rule: String) throws -> [[String: Any]] {
        try TestManifest.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>\(bundleID)</string>
            <key>CFBundleDocumentTypes</key><array>\(entries)</array>
            </dict></plist>
            """, to: dir, "Editor/Info.plist")
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        return (try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == rule }
    }

    /// A new user's finding in CodeEdit: 60 document types without a rank gave 60 identical
    /// notes. More than three in one app are one finding at the first, naming three, relating
    /// the others.
    func testManyMissingRanksInOneAppAreOneFinding() throws {
        let entries = (1...5).map { n in
            "<dict><key>CFBundleTypeName</key><string>Kind \(n)</string><key>CFBundleTypeRole</key><string>Editor</string>"
                + "<key>LSItemContentTypes</key><array><string>public.plain-text</string></array></dict>"
        }.joined()
        let findings = try findingsOfApp("com.acme.editor", documentTypes: entries, rule: "missing-handler-rank")
        XCTAssertEqual(findings.count, 1, "\(findings)")
        let message = findings.first?["message"] as? String ?? ""
        XCTAssertTrue(
            message.hasPrefix("5 document types have no LSHandlerRank ('Kind 1', 'Kind 2', 'Kind 3' and 2 more)"),
            message)
        XCTAssertEqual((findings.first?["related"] as? [Any])?.count, 4, "\(findings)")
    }

    /// Deprecated legacy keys alone (a new user's finding in CodeEdit: 60 entries with only
    /// CFBundleTypeExtensions and OSType '****', an Editor for every file, and no word about
    /// it): one note per app, saying what the wildcard does.
    func testLegacyKeysAloneAreOneNotePerApp() throws {
        let entries = (1...4).map { n in
            "<dict><key>CFBundleTypeName</key><string>Kind \(n)</string><key>CFBundleTypeRole</key><string>Editor</string>"
                + "<key>LSHandlerRank</key><string>Default</string>"
                + "<key>CFBundleTypeExtensions</key><array><string>k\(n)</string></array>"
                + "<key>CFBundleTypeOSTypes</key><array><string>****</string></array></dict>"
        }.joined()
        let findings = try findingsOfApp("com.acme.codeedit", documentTypes: entries, rule: "legacy-keys-only")
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertEqual(findings.first?["severity"] as? String, "note")
        let message = findings.first?["message"] as? String ?? ""
        XCTAssertTrue(
            message.hasPrefix("4 document types ('Kind 1', 'Kind 2', 'Kind 3' and 1 more) name files only with"),
            message)
        XCTAssertTrue(message.contains("CFBundleTypeOSTypes '****' makes the app a candidate for every file"), message)
    }
}
