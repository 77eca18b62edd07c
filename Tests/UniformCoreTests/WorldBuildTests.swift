import XCTest

@testable import UniformCore

/// How a world is built: findings written on first read, the identifier table, tag indexing,
/// parents interned after declarations, and a world large enough to be built on two cores.
final class WorldBuildTests: XCTestCase {
    private func declaration(
        _ id: String, parents: [String] = ["public.data"], tags: [TagList] = [], kind: TypeDeclaration.Kind = .exported,
        line: Int = 1
    ) -> TypeDeclaration {
        TypeDeclaration(
            identifier: id, kind: kind, origin: .rule, parents: parents, tags: tags,
            location: SourceLocation(file: "rules.lua", line: line))
    }

    func testDuplicateDeclarationMessagesAreWrittenFromBothDeclarations() throws {
        let owner = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.owner</string>
            <key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("com.acme.doc", conformsTo: ["public.data"], extensions: ["acd"]))
            \(Fixtures.declaration("com.adobe.pdf", conformsTo: ["public.data"], extensions: ["pdfx"]))</array>
            """, file: "Owner/Info.plist")
        let user = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.user</string>
            <key>UTImportedTypeDeclarations</key><array>\(Fixtures.declaration("com.acme.doc", conformsTo: ["public.data"]))</array>
            """, file: "User/Info.plist")
        let world = World(manifests: [owner, user])
        let graph = world.graph
        let doc = try XCTUnwrap(graph.id(of: "com.acme.doc"))
        let winner = try XCTUnwrap(graph.declaration(doc))
        let loser = try XCTUnwrap(graph.declarations(doc).last)
        let duplicate = try XCTUnwrap(
            world.findings.first { $0.rule == "duplicate-declaration" && $0.subject == "com.acme.doc" })
        XCTAssertEqual(duplicate.severity, .note, "an import losing to an export is routine")
        XCTAssertEqual(duplicate.location, loser.location)
        XCTAssertEqual(
            duplicate.message,
            "'com.acme.doc' is also declared at \(winner.location) (exported by com.acme.owner); this declaration "
                + "(imported by com.acme.user) is ignored: an exported declaration takes precedence over an imported one"
        )

        let pdf = try XCTUnwrap(graph.id(of: "com.adobe.pdf"))
        let catalogDeclaration = try XCTUnwrap(graph.declarations(pdf).first { $0.origin == .catalog })
        let override = try XCTUnwrap(
            world.findings.first { $0.rule == "duplicate-declaration" && $0.subject == "com.adobe.pdf" })
        XCTAssertEqual(override.location, graph.declaration(pdf)?.location, "the catalog is not the user's file")
        XCTAssertEqual(
            override.message,
            "'com.adobe.pdf' (exported by com.acme.owner) overrides the system catalog's declaration "
                + "(\(catalogDeclaration.provenance), \(catalogDeclaration.location))")

        // An app's import of a system type loses to the system's declaration; what it adds is
        // what the message says is lost (a new user's finding in CotEditor).
        let importer = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.texteditor</string>
            <key>UTImportedTypeDeclarations</key><array>\(Fixtures.declaration("public.plain-text", conformsTo: ["public.text"], extensions: ["txt", "mytext"]))</array>
            """, file: "Editor/Info.plist")
        let textWorld = World(manifests: [importer])
        let text = try XCTUnwrap(
            textWorld.findings.first { $0.rule == "duplicate-declaration" && $0.subject == "public.plain-text" })
        XCTAssertTrue(
            text.message.hasPrefix(
                "'public.plain-text' is also declared by the system (exported by the system catalog); this declaration (imported by com.acme.texteditor) is ignored: the system's declaration takes precedence over an app's import"
            ), text.message)
        XCTAssertTrue(
            text.message.hasSuffix(
                "; so files ending .mytext are not typed as public.plain-text (`uniform type .mytext` says what they are)"
            ),
            text.message)

        // A finding whose message is written on read equals one given the same text.
        let written = Finding(
            rule: duplicate.rule, severity: duplicate.severity, message: duplicate.message,
            location: duplicate.location, subject: duplicate.subject)
        XCTAssertEqual(duplicate, written)
        XCTAssertEqual(duplicate.hashValue, written.hashValue)
        XCTAssertEqual(Set([duplicate, written]).count, 1)
        var edited = duplicate
        edited.message = "replaced"
        XCTAssertEqual(edited.message, "replaced")
        XCTAssertNotEqual(edited, duplicate)
    }

    func testATagListedTwiceByOneTypeFindsTheTypeOnce() {
        let ext = TagClass.filenameExtension
        let graph = TypeGraph(declarations: [
            declaration(
                "com.example.twice",
                tags: [TagList(tagClass: ext, tags: ["twc"]), TagList(tagClass: ext, tags: ["TWC", "twc", "two"])]),
            declaration("com.example.other", tags: [TagList(tagClass: ext, tags: ["two", "twc"])], line: 2),
        ])
        let twice = graph.id(of: "com.example.twice")!, other = graph.id(of: "com.example.other")!
        XCTAssertEqual(
            graph.lookup(tag: "twc", ofClass: ext), [twice, other], "once each; the type whose first tag it is first")
        XCTAssertEqual(graph.lookup(tag: "two", ofClass: ext), [other, twice], "'two' is the other type's first tag")
        XCTAssertEqual(graph.preferredTag(twice, ofClass: ext), "twc")
    }

    func testIdentifiersAreFoundIgnoringCaseBeyondASCIIAndAfterTheTableGrows() {
        // Far more claimed identifiers than declarations: the table grows several times.
        let extra = (0..<20_000).map { "com.example.Claimed\($0)" }
        let graph = TypeGraph(
            declarations: [
                declaration("com.example.Ärger"), declaration("com.example.k", line: 2),
                declaration("COM.Example.Mixed", line: 3),
            ],
            additionalIdentifiers: extra)
        XCTAssertEqual(graph.count, 3 + extra.count + 1, "plus public.data, a parent")
        XCTAssertEqual(graph.id(of: "COM.EXAMPLE.äRGER"), graph.id(of: "com.example.Ärger"))
        XCTAssertNotNil(graph.id(of: "com.example.ärger"))
        XCTAssertEqual(
            graph.id(of: "com.example.\u{212A}"), graph.id(of: "com.example.k"), "the Kelvin sign lowercases to k")
        XCTAssertEqual(
            graph.id(of: "com.example.mixed").map { graph.identifier($0) }, "COM.Example.Mixed", "the declared spelling"
        )
        for (n, identifier) in extra.enumerated() where n % 997 == 0 {
            XCTAssertEqual(graph.id(of: identifier.uppercased()).map { graph.identifier($0) }, identifier)
        }
        XCTAssertNil(graph.id(of: "com.example.claimed20000"))
        XCTAssertNil(graph.id(of: "com.example.ärge"))
        XCTAssertNil(graph.id(of: ""))
    }

    func testParentsDeclaredLaterKeepTheirDeclaredIDs() throws {
        let graph = TypeGraph(declarations: [
            declaration("com.example.a", parents: ["com.example.b", "com.example.undeclared", "COM.EXAMPLE.A"]),
            declaration("com.example.b", line: 2),
        ])
        let a = try XCTUnwrap(graph.id(of: "com.example.a")), b = try XCTUnwrap(graph.id(of: "com.example.b"))
        let undeclared = try XCTUnwrap(graph.id(of: "com.example.undeclared"))
        XCTAssertEqual([a.raw, b.raw], [0, 1], "declared identifiers first, in load order")
        XCTAssertEqual(undeclared.raw, 2, "then parents nobody declared, in the order they are named")
        XCTAssertEqual(graph.parents(a), [b, undeclared], "self-conformance is dropped")
        XCTAssertFalse(graph.isDeclared(undeclared))
        XCTAssertTrue(graph.conforms(a, to: graph.id(of: "public.data")!))
        XCTAssertEqual(graph.findings.filter { $0.rule == "conformance-cycle" }.map(\.subject), ["com.example.a"])
    }

    /// Launch Services finds an app by its bundle id in any case; the exact spelling wins.
    /// Two manifests whose ids differ only in case stay two apps, as they were loaded.
    func testAppsAreFoundByBundleIDIgnoringCase() throws {
        let upper = try Fixtures.app("com.acme.Viewer", claims: [], file: "a/Info.plist")
        let lower = try Fixtures.app("com.acme.viewer", claims: [], file: "b/Info.plist")
        let other = try Fixtures.app("org.Example.Tool", claims: [], file: "c/Info.plist")
        let world = World(manifests: [upper, lower, other])
        XCTAssertEqual(world.apps.map(\.bundleID), ["com.acme.Viewer", "com.acme.viewer", "org.Example.Tool"])
        XCTAssertFalse(world.findings.contains { $0.rule == "duplicate-bundle-id" })
        XCTAssertEqual(world.app("org.example.tool")?.bundleID, "org.Example.Tool")
        XCTAssertEqual(world.appIndex(of: "ORG.EXAMPLE.TOOL"), 2)
        XCTAssertEqual(world.app("com.acme.viewer")?.file, "b/Info.plist", "the exact spelling first")
        XCTAssertEqual(world.app("com.acme.Viewer")?.file, "a/Info.plist")
        XCTAssertEqual(world.app("COM.ACME.VIEWER")?.file, "a/Info.plist", "else the first loaded")
        XCTAssertNil(world.app("org.example.tool2"))
    }

    func testALargeWorldIsIndexedAsItsAppsSay() throws {
        // Above the size from which claims and the graph are built on two cores.
        let count = World.concurrentBuildThreshold + 44
        var manifests: [Manifest] = []
        for n in 0..<count {
            manifests.append(
                try Fixtures.manifest(
                    """
                    <key>CFBundleIdentifier</key><string>com.example.app\(n)</string>
                    <key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("com.example.app\(n).doc", conformsTo: ["public.data"], extensions: ["e\(n)"]))</array>
                    <key>UTImportedTypeDeclarations</key><array>\(Fixtures.declaration("org.shared.format", conformsTo: ["public.data"], extensions: ["shf"]))</array>
                    <key>CFBundleDocumentTypes</key><array>
                    <dict><key>CFBundleTypeRole</key><string>Editor</string><key>LSHandlerRank</key><string>Owner</string>
                    <key>LSItemContentTypes</key><array><string>com.example.app\(n).doc</string><string>COM.EXAMPLE.APP\(n).DOC</string></array></dict>
                    <dict><key>CFBundleTypeRole</key><string>Viewer</string><key>CFBundleTypeExtensions</key><array><string>SHF</string><string>shf</string></array></dict>
                    </array>
                    """, file: "App\(n)/Info.plist"))
        }
        let world = World(manifests: manifests)
        let graph = world.graph
        let duplicates = world.findings.filter { $0.rule == "duplicate-declaration" }
        XCTAssertEqual(duplicates.count, count - 1, "every import after the first loses")
        XCTAssertEqual(duplicates.map(\.location?.file), (1..<count).map { "App\($0)/Info.plist" }, "in load order")
        XCTAssertTrue(duplicates.allSatisfy { $0.message.contains("App0/Info.plist") })
        for n in [0, 7, count - 1] {
            let id = try XCTUnwrap(graph.id(of: "com.example.app\(n).doc"))
            XCTAssertEqual(world.claims(of: id), [ClaimReference(app: n, claim: 0)], "the type named twice counts once")
            XCTAssertEqual(try Fixtures.resolve(".e\(n)", in: world).handlers.first?.bundleID, "com.example.app\(n)")
        }
        XCTAssertEqual(
            world.legacyClaims(tag: "Shf", ofClass: TagClass.filenameExtension),
            (0..<count).map { ClaimReference(app: $0, claim: 1) })
        let shared = try Fixtures.resolve(".shf", in: world)
        XCTAssertEqual(shared.handlers.count, count)
        XCTAssertEqual(shared.handlers.first?.bundleID, "com.example.app0")
    }
}
