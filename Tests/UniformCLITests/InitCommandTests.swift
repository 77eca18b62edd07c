import Foundation
import XCTest

/// `uniform init` then `uniform test` in the same folder passes at once, whatever platforms the
/// apps are built for. The case that showed the problem (Passepartout): a multiplatform target
/// is an iOS app and a Mac app with one bundle id; the starter suite asserted what held on iOS
/// without a `platform`, `uniform test` checked it on macOS too, and the first run failed.
final class InitCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLI.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// An Info.plist whose id is the target's `PRODUCT_BUNDLE_IDENTIFIER` (or `bundleID`),
    /// claiming `claims` (type, rank) as a Viewer and exporting `exports` (type, parents, extension).
    static func plist(
        bundleID: String = "$(PRODUCT_BUNDLE_IDENTIFIER)", claims: [(String, String)],
        exports: [(String, [String], String)] = [], extra: String = ""
    ) -> String {
        let claimed = claims.map { type, rank in
            """
            <dict><key>CFBundleTypeName</key><string>\(type)</string>\
            <key>CFBundleTypeRole</key><string>Viewer</string>\
            <key>LSHandlerRank</key><string>\(rank)</string>\
            <key>LSItemContentTypes</key><array><string>\(type)</string></array></dict>
            """
        }
        let exported = exports.map { id, parents, ext in
            """
            <dict><key>UTTypeIdentifier</key><string>\(id)</string>\
            <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>\
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key>\
            <array><string>\(ext)</string></array></dict></dict>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            <key>CFBundleIdentifier</key><string>\(bundleID)</string>
            <key>LSSupportsOpeningDocumentsInPlace</key><true/>
            <key>CFBundleDocumentTypes</key><array>\(claimed.joined(separator: "\n"))</array>
            <key>UTExportedTypeDeclarations</key><array>\(exported.joined(separator: "\n"))</array>
            \(extra)
            </dict>
            </plist>

            """
    }

    /// `uniform init` then `uniform test` here: both succeed, and the suite's text is returned.
    @discardableResult
    func initThenTest(assertions: Int, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let initRun = try CLI.run(["init"], in: dir)
        XCTAssertEqual(initRun.status, 0, initRun.stdout + initRun.stderr, file: file, line: line)
        XCTAssertTrue(
            initRun.stdout.contains(
                "wrote tests/document_types_test.lua: \(assertions) assertion\(assertions == 1 ? "" : "s")\n"),
            initRun.stdout, file: file, line: line)
        let suite = try String(contentsOf: dir.appendingPathComponent("tests/document_types_test.lua"), encoding: .utf8)
        let test = try CLI.run(["test"], in: dir)
        XCTAssertEqual(test.status, 0, "\(suite)\n\(test.stdout)\(test.stderr)", file: file, line: line)
        XCTAssertTrue(
            test.stdout.contains("\(max(assertions, 1)) passed, 0 failed"), test.stdout, file: file, line: line)
        return suite
    }

    static let document = ("com.example.pp.profile", ["public.data"], "ppprofile")

    func testAnIOSApp() throws {
        try TestProject.write(
            TestProject.pbxproj(targets: [
                .init(
                    name: "App",
                    settings: [("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app"), ("INFOPLIST_FILE", "App/Info.plist")])
            ]), to: dir)
        try TestManifest.write(
            Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]), to: dir, "App/Info.plist")
        let suite = try initThenTest(assertions: 1)
        XCTAssertTrue(suite.contains("assert.opens_first(\"com.example.pp.profile\", \"com.example.app\")\n"), suite)
    }

    func testAMacApp() throws {
        try TestProject.write(
            TestProject.pbxproj(
                projectSettings: [("SDKROOT", "macosx")],
                targets: [
                    .init(
                        name: "App",
                        settings: [
                            ("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app"), ("INFOPLIST_FILE", "App/Info.plist"),
                        ])
                ]), to: dir)
        // A system type claimed before its own: its own type is asserted.
        try TestManifest.write(
            Self.plist(
                claims: [("public.plain-text", "Alternate"), (Self.document.0, "Owner")], exports: [Self.document]),
            to: dir, "App/Info.plist")
        let suite = try initThenTest(assertions: 1)
        XCTAssertTrue(suite.contains("assert.opens_first(\"com.example.pp.profile\", \"com.example.app\")\n"), suite)
    }

    /// A multiplatform target (`SDKROOT = auto`) with an Info.plist per SDK.
    func writeMultiplatform(ios: String, macos: String, more: [TestProject.Target] = []) throws {
        try TestProject.write(
            TestProject.pbxproj(
                projectSettings: [("SDKROOT", "auto")],
                targets: [
                    .init(
                        name: "Passepartout",
                        settings: [
                            ("PRODUCT_BUNDLE_IDENTIFIER", "com.example.pp"),
                            ("SUPPORTED_PLATFORMS", "iphoneos iphonesimulator macosx"),
                            ("INFOPLIST_FILE[sdk=iphoneos*]", "iOS/Info.plist"),
                            ("INFOPLIST_FILE[sdk=macosx*]", "macOS/Info.plist"),
                        ])
                ] + more), to: dir)
        try TestManifest.write(ios, to: dir, "iOS/Info.plist")
        try TestManifest.write(macos, to: dir, "macOS/Info.plist")
    }

    func testAMultiplatformTargetWhoseTypeIsDeclaredOnIOSOnly() throws {
        // The iOS variant exports the type; on the Mac nothing declares it, so no Mac app can be
        // bound to it (it conforms to nothing there): the Mac app's own type is asserted there.
        let mac = ("com.example.pp.macprofile", ["public.data"], "ppmac")
        try writeMultiplatform(
            ios: Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]),
            macos: Self.plist(claims: [(Self.document.0, "Owner"), (mac.0, "Owner")], exports: [mac]))
        let suite = try initThenTest(assertions: 2)
        XCTAssertTrue(
            suite.contains(
                """
                  it("com.example.pp opens com.example.pp.profile first on iOS", function()
                    assert.opens_first("com.example.pp.profile", "com.example.pp", { platform = "ios" })
                  end)
                  it("com.example.pp opens com.example.pp.macprofile first on macOS", function()
                    assert.opens_first("com.example.pp.macprofile", "com.example.pp", { platform = "macos" })
                  end)
                """), suite)
    }

    func testAMultiplatformTargetWithNothingToAssertOnTheMac() throws {
        try writeMultiplatform(
            ios: Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]),
            macos: Self.plist(claims: [(Self.document.0, "Owner")]))
        let initRun = try CLI.run(["init"], in: dir)
        XCTAssertTrue(
            initRun.stdout.contains(
                "no assertion for com.example.pp on macOS: is not the first handler of any type it claims by identifier (LSItemContentTypes) there"
            ), initRun.stdout)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".uniform.lua"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("tests"))
        let suite = try initThenTest(assertions: 1)
        XCTAssertTrue(suite.contains("{ platform = \"ios\" })\n"), suite)
        XCTAssertTrue(suite.contains("  -- no assertion: com.example.pp on macOS: "), suite)
    }

    func testAMultiplatformTargetOutrankedOnTheMac() throws {
        // Declared on both platforms, but a Mac-only helper app owns the type on the Mac: the
        // multiplatform app heads it on iOS only, the helper on the Mac.
        try writeMultiplatform(
            ios: Self.plist(claims: [(Self.document.0, "Default")], exports: [Self.document]),
            macos: Self.plist(claims: [(Self.document.0, "Alternate")], exports: [Self.document]),
            more: [
                .init(
                    name: "Helper",
                    settings: [
                        ("SDKROOT", "macosx"), ("PRODUCT_BUNDLE_IDENTIFIER", "com.example.helper"),
                        ("INFOPLIST_FILE", "Helper/Info.plist"),
                    ])
            ])
        try TestManifest.write(Self.plist(claims: [(Self.document.0, "Owner")]), to: dir, "Helper/Info.plist")
        let suite = try initThenTest(assertions: 2)
        XCTAssertTrue(
            suite.contains(
                "assert.opens_first(\"com.example.pp.profile\", \"com.example.pp\", { platform = \"ios\" })\n"), suite)
        XCTAssertTrue(suite.contains("assert.opens_first(\"com.example.pp.profile\", \"com.example.helper\")\n"), suite)
    }

    func testAMultiplatformTargetThatAnswersTheSameOnBothIsAssertedOnce() throws {
        try writeMultiplatform(
            ios: Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]),
            macos: Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]))
        let suite = try initThenTest(assertions: 1)
        XCTAssertTrue(suite.contains("assert.opens_first(\"com.example.pp.profile\", \"com.example.pp\")\n"), suite)
    }

    func testAMacCatalystApp() throws {
        // One Info.plist, an iOS app and a Mac app: the type conforms to nothing, which iOS
        // binds and macOS does not.
        try TestProject.write(
            TestProject.pbxproj(targets: [
                .init(
                    name: "App",
                    settings: [
                        ("PRODUCT_BUNDLE_IDENTIFIER", "com.example.app"), ("INFOPLIST_FILE", "App/Info.plist"),
                        ("SUPPORTS_MACCATALYST", "YES"),
                    ])
            ]), to: dir)
        try TestManifest.write(
            Self.plist(claims: [("com.example.app.scene", "Owner")], exports: [("com.example.app.scene", [], "scene")]),
            to: dir, "App/Info.plist")
        let initRun = try CLI.run(["check", "--verbose"], in: dir)
        XCTAssertTrue(initRun.stderr.contains("[macos]") && initRun.stderr.contains("[ios]"), initRun.stderr)
        let suite = try initThenTest(assertions: 1)
        XCTAssertTrue(
            suite.contains(
                "assert.opens_first(\"com.example.app.scene\", \"com.example.app\", { platform = \"ios\" })\n"), suite)
    }

    func testALooseInfoPlist() throws {
        try TestManifest.write(
            Self.plist(bundleID: "com.example.loose", claims: [(Self.document.0, "Owner")], exports: [Self.document]),
            to: dir, "Info.plist")
        let suite = try initThenTest(assertions: 1)
        XCTAssertTrue(suite.contains("assert.opens_first(\"com.example.pp.profile\", \"com.example.loose\")\n"), suite)
    }

    /// A type the app claims but nothing declares reads as a file name bare: it is written as
    /// `uti:`, so the assertion names the type and not a `.profile` file.
    func testAnUndeclaredTypeIsWrittenAsUTI() throws {
        try TestManifest.write(
            Self.plist(bundleID: "com.example.loose", claims: [(Self.document.0, "Owner")]), to: dir, "Info.plist")
        let suite = try initThenTest(assertions: 1)
        XCTAssertTrue(
            suite.contains("assert.opens_first(\"uti:com.example.pp.profile\", \"com.example.loose\")\n"), suite)
    }

    /// `uniform init --platform ios` writes a suite for iOS, and a configuration that keeps
    /// `uniform test` in the iOS world.
    func testAPlatformChosenForInitIsKept() throws {
        try writeMultiplatform(
            ios: Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]),
            macos: Self.plist(claims: [(Self.document.0, "Owner")]),
            more: [
                .init(
                    name: "Helper",
                    settings: [
                        ("SDKROOT", "macosx"), ("PRODUCT_BUNDLE_IDENTIFIER", "com.example.helper"),
                        ("INFOPLIST_FILE", "Helper/Info.plist"),
                    ])
            ])
        try TestManifest.write(
            Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]), to: dir, "Helper/Info.plist")
        let initRun = try CLI.run(["init", "--platform", "ios"], in: dir)
        XCTAssertEqual(initRun.status, 0, initRun.stderr)
        XCTAssertTrue(
            initRun.stdout.contains(
                "no assertion for com.example.helper: an app of macOS, outside this world's platforms"),
            initRun.stdout)
        let config = try String(contentsOf: dir.appendingPathComponent(".uniform.lua"), encoding: .utf8)
        XCTAssertTrue(config.contains("\n  platform = \"ios\",\n"), config)
        let test = try CLI.run(["test"], in: dir)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
    }

    /// `uniform init --os macos15` keeps the release in the configuration: the suite was written
    /// for that release's system types.
    func testAReleaseChosenForInitIsKept() throws {
        try writeMultiplatform(
            ios: Self.plist(claims: [(Self.document.0, "Owner")], exports: [Self.document]),
            macos: Self.plist(claims: [(Self.document.0, "Owner")]))
        let initRun = try CLI.run(["init", "--os", "macos15"], in: dir)
        XCTAssertEqual(initRun.status, 0, initRun.stderr)
        let config = try String(contentsOf: dir.appendingPathComponent(".uniform.lua"), encoding: .utf8)
        XCTAssertTrue(config.contains("\n  os = { \"macos15\" },\n"), config)
        let test = try CLI.run(["test"], in: dir)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
    }
}
