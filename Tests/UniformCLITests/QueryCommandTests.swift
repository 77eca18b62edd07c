import Foundation
import XCTest

final class QueryCommandTests: XCTestCase {
    func testResolveJSONShape() throws {
        let plists = try CLI.shared("realworld/plists")
        let result = try CLI.run(["resolve", ".pdb", "-m", plists, "--format", "json", "--platform", "ios"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try CLI.json(result.stdout)
        XCTAssertEqual(json["schema_version"] as? Int, 2)
        XCTAssertNotNil(json["query"])
        let type = try XCTUnwrap(json["type"] as? [String: Any])
        XCTAssertEqual(type["identifier"] as? String, "com.sunsetlakesoftware.molecules.pdb")
        XCTAssertEqual(type["dynamic"] as? Bool, false)
        XCTAssertNotNil(type["supertypes"] as? [String])
        let handlers = try XCTUnwrap(json["handlers"] as? [[String: Any]])
        XCTAssertFalse(handlers.isEmpty)
        for key in ["bundle_id", "rank", "role", "match", "distance", "claim", "reasons"] {
            XCTAssertNotNil(handlers[0][key], key)
        }
        let claim = try XCTUnwrap(handlers[0]["claim"] as? [String: Any])
        XCTAssertTrue((claim["file"] as? String)?.hasSuffix("BradLarson__Molecules__Molecules__Info.plist") ?? false)
        XCTAssertNotNil(claim["line"] as? Int)
        XCTAssertNotNil(json["excluded"] as? [Any])
        XCTAssertEqual(json["default"] as? String, handlers[0]["bundle_id"] as? String)
        XCTAssertNotNil(json["previewable"] as? Bool)
    }

    func testTypeJSONAndDynamic() throws {
        let result = try CLI.run(["type", "notes.xyz", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try CLI.json(result.stdout)
        XCTAssertEqual(json["identifier"] as? String, "dyn.ah62d4rv4ge81u8p4")
        XCTAssertEqual(json["dynamic"] as? Bool, true)
        XCTAssertEqual(json["supertypes"] as? [String], ["public.data", "public.item"])
        XCTAssertEqual((json["tags"] as? [String: [String]])?["public.filename-extension"], ["xyz"])
        XCTAssertTrue(json.keys.contains("declared_by"))
        XCTAssertTrue(json.keys.contains("parents"))

        let jpeg = try CLI.json(try CLI.run(["type", "public.jpeg", "--format", "json"]).stdout)
        XCTAssertEqual(jpeg["parents"] as? [String], ["public.image"])
        XCTAssertEqual((jpeg["tags"] as? [String: [String]])?["public.filename-extension"], ["jpeg", "jpg", "jpe"])
    }

    /// Identifiers Launch Services itself produced: `.download` folders (code 10 is
    /// `com.apple.package`) and empty tags, which decode and are dynamic.
    func testTypeOfLaunchServicesOwnDynamicIdentifiers() throws {
        let download = try CLI.json(
            try CLI.run(["type", "dyn.ah62d4qmuhk2x43dts71g255bqu", "--format", "json"]).stdout)
        XCTAssertEqual(download["dynamic"] as? Bool, true)
        XCTAssertEqual((download["supertypes"] as? [String])?.first, "com.apple.package")
        XCTAssertEqual((download["tags"] as? [String: [String]])?["public.filename-extension"], ["download"])
        let emptyMIME = try CLI.run(["type", "dyn.agq8u"])
        XCTAssertEqual(emptyMIME.status, 0, emptyMIME.stderr)
        XCTAssertTrue(emptyMIME.stdout.contains("dyn.agq8u (dynamic)"), emptyMIME.stdout)
        XCTAssertTrue(emptyMIME.stdout.contains("public.mime-type: \"\" (empty)"), emptyMIME.stdout)
    }

    /// Found trying fetched repositories: an undeclared identifier was silently answered as a
    /// file name. The answer stays (docs/SPEC.md §3), with a note saying how it was read.
    func testAnUndeclaredIdentifierIsReadAsAFileNameWithANote() throws {
        let run = try CLI.run(["type", "net.example.never-declared"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("is read as a file name with the extension 'never-declared'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("uti:net.example.never-declared"), run.stderr)
        // Two labels under Apple's `public.` domain read like an identifier too (a new user's
        // `uniform type public.ogg`, which the catalog does not declare).
        let apple = try CLI.run(["type", "public.ogg"])
        XCTAssertTrue(apple.stderr.contains("write uti:public.ogg"), apple.stderr)
        let file = try CLI.run(["resolve", "report.final.pdf"])
        XCTAssertFalse(
            file.stderr.contains("read as a file name"), "an ordinary file name gets no note: \(file.stderr)")
    }

    /// docs/SPEC.md §2: a flat `.plugin` file on a Mac is `dyn.ah62d4rv4ge81a5dzq7y06` (macOS types a
    /// flat file among public.data types only); a `.plugin` folder is the bundle type; iOS types
    /// by extension alone. With no apps to say which platform, both answers, one section each.
    func testFilesAndFoldersAreTypedAsEachPlatformDoes() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let mac = try CLI.run(["type", "x.plugin", "--platform", "macos"], in: empty)
        XCTAssertTrue(mac.stdout.hasPrefix("dyn.ah62d4rv4ge81a5dzq7y06 (dynamic)"), mac.stdout)
        for folder in ["dir:x.plugin", "x.plugin/"] {
            let run = try CLI.run(["type", folder, "--platform", "macos"], in: empty)
            XCTAssertTrue(run.stdout.hasPrefix("com.apple.plugin\n"), "\(folder): \(run.stdout)")
        }
        XCTAssertTrue(
            try CLI.run(["type", "x.plugin", "--platform", "ios"], in: empty).stdout.hasPrefix("com.apple.plugin\n"))
        let both = try CLI.run(["type", "x.plugin"], in: empty)
        XCTAssertTrue(both.stdout.contains("on iOS 27:\ncom.apple.plugin"), both.stdout)
        XCTAssertTrue(both.stdout.contains("on macOS 27:\ndyn.ah62d4rv4ge81a5dzq7y06"), both.stdout)
        let json = try CLI.json(try CLI.run(["type", "x.plugin", "--format", "json"], in: empty).stdout)
        let byPlatform = try XCTUnwrap(json["by_platform"] as? [String: [String: Any]])
        XCTAssertEqual(byPlatform["macos"]?["identifier"] as? String, "dyn.ah62d4rv4ge81a5dzq7y06")
        XCTAssertEqual(byPlatform["ios"]?["identifier"] as? String, "com.apple.plugin")
        // Where the platforms agree there is one answer, as before.
        let pdf = try CLI.json(try CLI.run(["type", ".pdf", "--format", "json"], in: empty).stdout)
        XCTAssertEqual(pdf["identifier"] as? String, "com.adobe.pdf")
        // claims says which filter applied on macOS and why the bundle type never wins for a file.
        let claims = try CLI.run(["claims", ".plugin", "--platform", "macos"], in: empty)
        XCTAssertTrue(claims.stdout.contains("none is picked for a file (it gets a dynamic type)"), claims.stdout)
        XCTAssertTrue(
            claims.stdout.contains("on macOS a file is typed among the types conforming to public.data"), claims.stdout)
        XCTAssertTrue(
            claims.stdout.contains("com.apple.plugin  [loses] never picked for a file on macOS"), claims.stdout)
        // conforms holds only where every platform in play agrees.
        XCTAssertEqual(try CLI.run(["conforms", "x.plugin", "com.apple.package"], in: empty).status, 1)
        XCTAssertEqual(try CLI.run(["conforms", "x.plugin/", "com.apple.package"], in: empty).status, 0)
    }

    /// A repository with iOS and Mac apps answers per platform: an iOS app is never a handler
    /// on a Mac (the molecules apps are iOS, the Mac text editors macOS).
    func testResolveAnswersPerPlatformWhenTheWorldHasBoth() throws {
        let plists = try CLI.shared("realworld/plists")
        let run = try CLI.run(["resolve", ".txt", "-m", plists, "--format", "json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try CLI.json(run.stdout)
        let byPlatform = try XCTUnwrap(json["by_platform"] as? [String: [String: Any]], run.stdout)
        let macHandlers =
            (byPlatform["macos"]?["handlers"] as? [[String: Any]])?.compactMap { $0["bundle_id"] as? String } ?? []
        let iOSHandlers =
            (byPlatform["ios"]?["handlers"] as? [[String: Any]])?.compactMap { $0["bundle_id"] as? String } ?? []
        XCTAssertFalse(macHandlers.isEmpty)
        XCTAssertFalse(iOSHandlers.isEmpty)
        XCTAssertTrue(
            Set(macHandlers).isDisjoint(with: iOSHandlers), "no app answers on both: \(macHandlers) \(iOSHandlers)")
        let text = try CLI.run(["resolve", ".txt", "-m", plists])
        XCTAssertTrue(text.stdout.hasPrefix("on iOS 27:\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("\n\non macOS 27:\n"), text.stdout)
    }

    /// Types newer than macOS 12's CoreTypes come from the catalog supplement, labelled with
    /// the OS versions that declare them and the public source of each fact.
    func testTypesFromLaterSystemsAreLabelledWithTheirSources() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let avif = try CLI.run(["type", "photo.avif", "--platform", "macos"], in: empty)
        XCTAssertTrue(avif.stdout.hasPrefix("public.avif\n"), avif.stdout)
        XCTAssertTrue(
            avif.stdout.contains("declared by the system on: macOS 13 and later, iOS 16 and later"), avif.stdout)
        XCTAssertTrue(avif.stdout.contains("trust: observed"), avif.stdout)
        XCTAssertTrue(avif.stdout.hasSuffix("answered for macOS 27\n"), avif.stdout)
        // On a release before the type, the extension is a dynamic type, and the answer says which release.
        let old = try CLI.run(["type", "photo.avif", "--platform", "macos", "--os", "macos12"], in: empty)
        XCTAssertTrue(old.stdout.hasPrefix("dyn.ah62d4rv4ge80c7xmq2 (dynamic)\n"), old.stdout)
        XCTAssertTrue(old.stdout.hasSuffix("answered for macOS 12\n"), old.stdout)
        XCTAssertTrue(avif.stdout.contains("source: scriptingosx/utiluti@ReadMe.md"), avif.stdout)
        let md = try CLI.run(["type", "README.md", "--platform", "macos"], in: empty)
        XCTAssertTrue(md.stdout.hasPrefix("net.daringfireball.markdown\n"), md.stdout)
        XCTAssertTrue(
            md.stdout.contains("developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/markdown"),
            md.stdout)
        // Every supplement line names its sources, releases and trust.
        for file in ["AppleSupplement", "AppleDocumented", "SystemBundles"] {
            let text = try String(
                contentsOf: CLI.packageRoot.appendingPathComponent("Sources/UniformCore/Catalog/\(file).catalog"),
                encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                XCTAssertTrue(
                    line.contains("\t@source=") && line.contains("\t@os=") && line.contains("\t@trust="), String(line))
            }
        }
    }

    /// Bad targets are input errors (exit 2) with the reason, not answers about nothing.
    func testMalformedTargetsAreInputErrors() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "x".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        for (arguments, message) in [
            (["type", "dir:notes.txt"], "notes.txt is a file, not a folder"),
            (["resolve", "notes.txt/"], "notes.txt is a file, not a folder"),
            (["type", "dyn.ah62d4rv4ge81d"], "not a dynamic identifier a system could produce"),
            (["conforms", "dyn.a!!", "public.data"], "not a dynamic identifier a system could produce"),
            (["type", "x.txt", "--platform", "windows"], "'windows' is invalid for '--platform"),
        ] {
            let run = try CLI.run(arguments, in: dir)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stdout)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        // A real folder is typed as one without dir:.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("Thing.plugin"), withIntermediateDirectories: true)
        XCTAssertTrue(
            try CLI.run(["type", "Thing.plugin", "--platform", "macos"], in: dir).stdout.hasPrefix("com.apple.plugin\n")
        )
    }

    func testConformsExitCodes() throws {
        XCTAssertEqual(try CLI.run(["conforms", "public.jpeg", "public.data"]).status, 0)
        XCTAssertEqual(try CLI.run(["conforms", "public.item", "public.data"]).status, 1)
        XCTAssertEqual(try CLI.run(["conforms", ".txt", "public.text"]).status, 0)
    }

    func testBadInputExitsTwoWithFileAndLine() throws {
        let dir = try CLI.temporaryDirectory()
        let bad = dir.appendingPathComponent("Info.plist")
        try
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>CFBundleIdentifier</key>\n  <strin>x</strin>\n</dict>\n</plist>\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let result = try CLI.run(["resolve", ".pdb", "-m", bad.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("Info.plist:5:"), result.stderr)
        XCTAssertEqual(try CLI.run(["resolve"]).status, 2, "usage errors exit 2")
        XCTAssertEqual(try CLI.run(["resolve", ".pdb", "-m", "/nonexistent/dir"]).status, 2)
        XCTAssertEqual(try CLI.run(["resolve", ".pdb", "--define", "NOEQUALS"]).status, 2)
    }

    func testPlistCommand() throws {
        let plist = try CLI.shared("reference/coretypes/CoreTypes-macOS12.7.6-Info.plist.bin")
        let text = try CLI.run(["plist", plist])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("\"UTTypeIdentifier\" => \"public.item\""))
        let xml = try CLI.run(["plist", plist, "--format", "xml"])
        XCTAssertTrue(xml.stdout.hasPrefix("<?xml"))
        let json = try CLI.run(["plist", plist, "--format", "json"])
        XCTAssertNoThrow(try CLI.json(json.stdout))
    }

    func testSendRefusalExitsOne() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        <?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.acme.text</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>Editor</string>
        <key>LSItemContentTypes</key><array><string>public.plain-text</string></array></dict></array></dict></plist>
        """.write(to: dir.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        // An iOS app: the Inbox copy is iOS's Open In (a Mac app opens the file where it is).
        let ok = try CLI.run([
            "send", "a.txt", "--from", "com.x", "--to", "com.acme.text", "-m", dir.path, "--format", "json",
        ])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let json = try CLI.json(ok.stdout)
        for key in ["accepted", "reason", "url", "source_application", "annotation", "open_in_place", "schema_version"]
        { XCTAssertTrue(json.keys.contains(key), key) }
        XCTAssertEqual(
            json["url"] as? String,
            "file:///private/var/mobile/Containers/Data/Application/com.acme.text/Documents/Inbox/a.txt")
        let refused = try CLI.run(["send", "a.png", "--from", "com.x", "--to", "com.acme.text", "-m", dir.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stdout.contains("refused"))
    }

    func testEveryJSONDocumentCarriesTheSchemaVersion() throws {
        let apps = "examples/molecules/apps"
        let commands: [[String]] = [
            ["resolve", ".pdb", "-m", apps], ["type", ".pdb", "-m", apps], ["check", apps],
            ["send", "a.pdb", "--from", "x", "--to", "com.sunsetlakesoftware.molecules", "-m", apps],
            ["rules"], ["claims", ".pdb", "-m", apps], ["diff", apps, apps],
            ["test", "examples/molecules/tests", "-m", apps],
        ]
        for command in commands {
            let result = try CLI.run(command + ["--format", "json"])
            XCTAssertNotEqual(result.status, 2, "\(command): \(result.stderr)")
            let json = try CLI.json(result.stdout)
            XCTAssertEqual(json["schema_version"] as? Int, 2, "\(command)")
        }
    }
}
