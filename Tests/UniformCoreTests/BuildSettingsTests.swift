import Foundation
import UniformCore
import XCTest

/// `.xcconfig` files and `--define`s resolve placeholders as an Xcode build would.
final class BuildSettingsTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "uniform-xcconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("shared"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func write(_ text: String, _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testSyntaxIncludesConditionsAndLateReferences() throws {
        try write(
            """
            // Team-wide settings
            ORG = com.acme   // trailing comment
            WEBSITE = https:/$()/acme.example
            OTHER_FLAGS = -a
            """, "shared/Base.xcconfig")
        let main = try write(
            """
            #include "shared/Base.xcconfig"
            #include? "Local.xcconfig"
            #include "Missing.xcconfig"
            PRODUCT_BUNDLE_IDENTIFIER = $(ORG).${PRODUCT_NAME:rfc1034identifier}
            PRODUCT_NAME = Lab Notes
            PRODUCT_BUNDLE_IDENTIFIER[sdk=iphonesimulator*] = $(ORG).sim
            OTHER_FLAGS = $(inherited) -b
            VERSION = $(UNDEFINED_THING).1
            not a setting
            """, "App.xcconfig")
        let config = try XCConfig.load(main)
        XCTAssertEqual(config.assignments.filter { $0.name == "PRODUCT_NAME" }.map(\.location.line), [5])
        XCTAssertEqual(config.findings.map(\.rule), ["xcconfig.missing-include", "xcconfig.syntax"])
        XCTAssertEqual(config.findings.map { $0.location?.line }, [3, 9])

        let settings = try RunSettings(xcconfigs: [(main, nil)]).table(configuration: "Release")
        XCTAssertEqual(
            settings.values["PRODUCT_BUNDLE_IDENTIFIER"], "com.acme.Lab-Notes", "late binding: PRODUCT_NAME comes after"
        )
        XCTAssertEqual(settings.values["ORG"], "com.acme")
        XCTAssertEqual(settings.values["OTHER_FLAGS"], "-a -b", "$(inherited): the earlier line of the same level")
        XCTAssertEqual(settings.values["WEBSITE"], "https://acme.example", "Xcode's $() trick for // in values")
        XCTAssertEqual(settings.values["VERSION"], "$(UNDEFINED_THING).1", "unknown references stay verbatim")
        // The SDK is not known for a manifest outside a project: said once, at the line.
        XCTAssertEqual(settings.findings.map(\.rule), ["xcconfig.condition-skipped"])
        XCTAssertEqual(settings.findings.first?.location?.line, 6)
        XCTAssertTrue(
            settings.findings[0].message.contains("PRODUCT_BUNDLE_IDENTIFIER[sdk=iphonesimulator*]"),
            settings.findings[0].message)
    }

    func testDefinesBeatXCConfigAndFeedItsReferences() throws {
        let a = try write(
            "PRODUCT_BUNDLE_IDENTIFIER = com.acme.$(PRODUCT_NAME:lower)\nPRODUCT_NAME = Pad\nTEAM = ABC", "a.xcconfig")
        let b = try write("TEAM = XYZ", "b.xcconfig")
        let cli = SourceLocation(file: "--define")
        let settings = try RunSettings(xcconfigs: [(a, nil), (b, nil)], defines: [(["PRODUCT_NAME": "TextPad"], cli)])
            .table(configuration: "Release").values
        XCTAssertEqual(settings["PRODUCT_BUNDLE_IDENTIFIER"], "com.acme.textpad")
        XCTAssertEqual(settings["TEAM"], "XYZ", "later files win")
        let override = try RunSettings(
            xcconfigs: [(a, nil)],
            defines: [
                (["PRODUCT_BUNDLE_IDENTIFIER": "com.config.app", "TEAM": "CFG"], SourceLocation(file: ".uniform.lua")),
                (["PRODUCT_BUNDLE_IDENTIFIER": "com.cli.app"], cli),
            ]
        ).table(configuration: "Release").values
        XCTAssertEqual(override["PRODUCT_BUNDLE_IDENTIFIER"], "com.cli.app", "the command line beats the configuration")
        XCTAssertEqual(override["TEAM"], "CFG")
    }

    /// Conditions on the configuration hold or not for the run's build configuration.
    func testConfigurationConditionsAreEvaluated() throws {
        let a = try write("ID = com.acme.app\nID[config=Debug] = com.acme.app.debug\n", "a.xcconfig")
        let settings = try RunSettings(xcconfigs: [(a, nil)])
        XCTAssertEqual(settings.table(configuration: "Release").values["ID"], "com.acme.app")
        XCTAssertEqual(settings.table(configuration: "Debug").values["ID"], "com.acme.app.debug")
        XCTAssertEqual(settings.table(configuration: "Debug").findings, [], "a config condition needs no note")
    }

    /// Brackets in a value are not conditions (`OTHER = ##[error]x` was "expected KEY = value").
    func testBracketsInAValueAreKept() throws {
        let a = try write("FLAGS = a[b]\nID[config=Release] = x[y]=z\nOTHER = ##[error]x\n", "a.xcconfig")
        let config = try XCConfig.load(a)
        XCTAssertEqual(config.findings, [])
        XCTAssertEqual(config.assignments.map(\.value), ["a[b]", "x[y]=z", "##[error]x"])
        XCTAssertEqual(config.assignments[1].conditions.map(\.pattern), ["Release"])
    }

    func testCyclesAreCutNotLoopedOn() throws {
        let a = try write("#include \"b.xcconfig\"\nA = $(B)\n", "a.xcconfig")
        try write("#include \"a.xcconfig\"\nB = $(A)x\n", "b.xcconfig")
        let config = try XCConfig.load(a)
        XCTAssertEqual(config.findings.map(\.rule), ["xcconfig.include-cycle"])
        let settings = try RunSettings(xcconfigs: [(a, nil)]).table(configuration: "Release")
        XCTAssertNotNil(settings.values["A"])
        XCTAssertEqual(settings.findings.map(\.rule), ["xcode.setting-cycle"])
        XCTAssertThrowsError(try XCConfig.load(directory.appendingPathComponent("nope.xcconfig").path)) { error in
            XCTAssertTrue("\(error)".contains("nope.xcconfig"))
        }
    }

    func testXcodeModifiers() {
        func expand(_ text: String, _ defines: [String: String]) -> String {
            Placeholders.expand(text, defines: defines).text
        }
        XCTAssertEqual(expand("com.acme.$(P:rfc1034identifier)", ["P": "My App_2.0"]), "com.acme.My-App-2-0")
        XCTAssertEqual(expand("$(P:rfc1034identifier)", ["P": "3D Viewer"]), "-D-Viewer")
        XCTAssertEqual(expand("$(P:identifier)", ["P": "3d view-er"]), "_d_view_er")
        XCTAssertEqual(expand("$(P:c99extidentifier)", ["P": "3d Vïew"]), "_3d_Vïew")
        XCTAssertEqual(expand("$(P:rfc1034identifier:lower)", ["P": "Your App"]), "your-app")
        XCTAssertEqual(expand("$(MISSING:default=fallback)", [:]), "fallback")
        XCTAssertEqual(expand("$(EMPTY:default=fallback)", ["EMPTY": ""]), "fallback")
        XCTAssertEqual(expand("$(SET:default=fallback)", ["SET": "x"]), "x")
    }

    /// The real templates of `../shared/realworld/`, resolved with an .xcconfig as a build
    /// would: no stand-in bundle ids remain.
    func testRealWorldTemplatesWithAnXCConfigHaveNoStandIns() throws {
        let plists = try Fixtures.shared("realworld/plists")
        try write(
            """
            ORGANIZATION_IDENTIFIER = org.example
            MOZ_MACBUNDLE_ID = org.mozilla.firefox
            MACOSX_BUNDLE_IDENTIFIER = org.example.cmake-app
            APP_NAME = TextMate
            """, "shared/Org.xcconfig")
        let main = try write(
            """
            #include "shared/Org.xcconfig"
            PRODUCT_NAME = $(TARGET_NAME)
            TARGET_NAME = Real App
            PRODUCT_BUNDLE_IDENTIFIER = $(ORGANIZATION_IDENTIFIER).$(PRODUCT_NAME:rfc1034identifier:lower)
            PRODUCT_BUNDLE_IDENTIFIER[config=Debug] = $(ORGANIZATION_IDENTIFIER).debug
            GENERATE_INFOPLIST_FILE = YES
            """, "Real.xcconfig")

        let before = ManifestLoader().load([plists])
        let beforeWorld = World(manifests: before.manifests)
        let standIns = beforeWorld.apps.filter { $0.bundleID.hasPrefix("standin.") }
        XCTAssertGreaterThanOrEqual(standIns.count, 46, "templates without build settings")
        let placeholderNotes = beforeWorld.findings.filter { $0.rule == "unresolved-placeholder" }
        XCTAssertEqual(
            placeholderNotes.count, Set(placeholderNotes.compactMap(\.subject)).count, "one note per variable")
        XCTAssertTrue(placeholderNotes.contains { $0.subject == "PRODUCT_BUNDLE_IDENTIFIER" })

        let run = try RunSettings(xcconfigs: [(main, nil)])
        let settings = run.table(configuration: "Release")
        XCTAssertEqual(settings.values["PRODUCT_BUNDLE_IDENTIFIER"], "org.example.real-app")
        XCTAssertEqual(
            run.table(configuration: "Debug").values["PRODUCT_BUNDLE_IDENTIFIER"], "org.example.debug",
            "[config=Debug] holds for a Debug build")
        let after = ManifestLoader(settings: run.levels).load([plists])
        XCTAssertEqual(after.errors.map(\.description), [])
        let world = World(manifests: after.manifests, extraFindings: settings.findings)
        XCTAssertEqual(world.apps.count, 56)
        XCTAssertEqual(world.apps.filter { $0.bundleID.hasPrefix("standin.") }.map(\.file), [])
        XCTAssertEqual(world.app("org.example.real-app")?.declaredBundleID, "org.example.real-app")
        XCTAssertNotNil(world.app("org.example.real-app#2"), "many templates share one build setting")
        XCTAssertNotNil(world.app("com.sunsetlakesoftware.Real-App"), "Molecules' ${PRODUCT_NAME:rfc1034identifier}")
        XCTAssertNotNil(world.app("com.macromates.Real App"), "TextMate's ${TARGET_NAME}")
        XCTAssertNotNil(world.app("org.mozilla.firefox"))
        XCTAssertTrue(
            world.findings.contains { $0.rule == "bundle-id-generated" }, "templates without CFBundleIdentifier")
        let notes = world.findings.filter { $0.rule == "unresolved-placeholder" }
        XCTAssertFalse(notes.contains { $0.subject == "PRODUCT_BUNDLE_IDENTIFIER" || $0.subject == "PRODUCT_NAME" })
        XCTAssertEqual(notes.count, Set(notes.compactMap(\.subject)).count)
        XCTAssertTrue(notes.allSatisfy { $0.severity == .note && $0.location != nil })
    }

    func testUnresolvedPlaceholderIsOneNotePerVariablePerWorld() throws {
        let a = try Fixtures.manifest(
            "<key>CFBundleIdentifier</key><string>com.a</string><key>CFBundleName</key><string>$(NAME)</string><key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeName</key><string>$(NAME) doc</string><key>CFBundleTypeRole</key><string>Viewer</string><key>LSItemContentTypes</key><array><string>$(ORG).doc</string></array></dict></array>",
            file: "a/Info.plist")
        let b = try Fixtures.manifest(
            "<key>CFBundleIdentifier</key><string>com.b</string><key>CFBundleName</key><string>${NAME}</string>",
            file: "b/Info.plist")
        let world = World(manifests: [a, b])
        let notes = world.findings.filter { $0.rule == "unresolved-placeholder" }
        XCTAssertEqual(notes.map(\.subject), ["NAME", "ORG"])
        XCTAssertEqual(notes.first?.location?.file, "a/Info.plist")
        XCTAssertTrue(notes.first?.message.contains("3 uses in 2 manifests") == true, notes.first?.message ?? "")
        let resolved = try Fixtures.manifest(
            "<key>CFBundleIdentifier</key><string>com.a</string><key>CFBundleName</key><string>$(NAME)</string>",
            defines: ["NAME": "A"])
        XCTAssertEqual(World(manifests: [resolved]).findings.filter { $0.rule == "unresolved-placeholder" }, [])
    }
}
