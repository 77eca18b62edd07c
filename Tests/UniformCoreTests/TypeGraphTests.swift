import Foundation
import UniformCore
import XCTest

final class TypeGraphTests: XCTestCase {
    func testCatalogClosureIsBreadthFirstInDeclaredOrder() {
        let world = World(manifests: [])
        let graph = world.graph
        let jpeg = graph.id(of: "public.jpeg")!
        XCTAssertEqual(
            graph.supertypes(jpeg).map { graph.identifier($0.id) },
            ["public.jpeg", "public.image", "public.data", "public.content", "public.item"])
        XCTAssertEqual(graph.supertypes(jpeg).map(\.distance), [0, 1, 2, 2, 3])
        XCTAssertTrue(graph.conforms(jpeg, to: graph.id(of: "PUBLIC.ITEM")!), "identifiers are case-insensitive")
        XCTAssertFalse(graph.conforms(graph.id(of: "public.item")!, to: jpeg))
    }

    /// A 32,000-long conformance chain in one manifest once needed 32,000² closure entries and
    /// aborted at 5.4 GB; closures stop at `TypeGraph.maxAncestors`, told in one finding.
    func testLongConformanceChainsAreBoundedAndToldOnce() throws {
        // A manifest's list is read to 2,000 entries, so the chain runs through ten manifests.
        let length = 20_000, perManifest = 2_000
        let apps = try (0..<(length / perManifest)).map { part in
            let declarations = (part * perManifest..<(part + 1) * perManifest).map { i in
                Fixtures.declaration(
                    "com.attack.t\(i)", conformsTo: [i == 0 ? "public.data" : "com.attack.t\(i - 1)"], extensions: [])
            }.joined()
            return try Fixtures.manifest(
                """
                <key>CFBundleIdentifier</key><string>com.attack.\(part)</string>
                <key>UTExportedTypeDeclarations</key><array>\(declarations)</array>
                """, file: "A\(part)/Info.plist")
        }
        let start = Date()
        let world = World(manifests: apps)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        let graph = world.graph
        let deepest = try XCTUnwrap(graph.id(of: "com.attack.t\(length - 1)"))
        XCTAssertEqual(graph.supertypes(deepest).count, TypeGraph.maxAncestors)
        let shallow = try XCTUnwrap(graph.id(of: "com.attack.t5"))
        XCTAssertTrue(
            graph.conforms(shallow, to: graph.id(of: "public.data")!), "short chains keep their whole closure")
        let deep = world.findings.filter { $0.rule == "conformance-too-deep" }
        XCTAssertEqual(deep.count, 1)
        XCTAssertTrue(
            deep.first?.message.contains("more types conform to more than 128") == true, deep.first?.message ?? "")
    }

    func testAppExportOverridesCatalogImport() throws {
        let app = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.pdf</string>
            <key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("com.adobe.pdf", conformsTo: ["public.data"], extensions: ["pdfx"]))</array>
            """)
        let graph = World(manifests: [app]).graph
        let pdf = graph.id(of: "com.adobe.pdf")!
        XCTAssertEqual(graph.declaration(pdf)?.origin, .manifest(bundleID: "com.acme.pdf"))
        XCTAssertEqual(graph.declaration(pdf)?.tags(ofClass: TagClass.filenameExtension), ["pdfx"])
        XCTAssertEqual(graph.lookup(tag: "pdfx", ofClass: TagClass.filenameExtension), [pdf])
        XCTAssertTrue(
            graph.lookup(tag: "pdf", ofClass: TagClass.filenameExtension).isEmpty, "only the winner's tags count")
        XCTAssertTrue(graph.findings.contains { $0.rule == "duplicate-declaration" && $0.subject == "com.adobe.pdf" })
    }

    func testCatalogExportBeatsAppExportAndSelfConformanceIsStillReported() throws {
        let app = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>org.vim.MacVim</string>
            <key>UTExportedTypeDeclarations</key><array>\(Fixtures.declaration("public.plain-text", conformsTo: ["public.plain-text"], extensions: ["vimtxt"]))</array>
            """, file: "MacVim/Info.plist")
        let world = World(manifests: [app])
        let graph = world.graph
        let text = graph.id(of: "public.plain-text")!
        XCTAssertEqual(graph.declaration(text)?.origin, .catalog)
        XCTAssertEqual(graph.parents(text).map { graph.identifier($0) }, ["public.text"])
        let cycle = world.findings.first { $0.rule == "conformance-cycle" }
        XCTAssertEqual(cycle?.location?.file, "MacVim/Info.plist")
    }

    func testCyclesAreReportedAndBroken() throws {
        let app = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.loop</string>
            <key>UTExportedTypeDeclarations</key><array>
            \(Fixtures.declaration("com.acme.a", conformsTo: ["com.acme.b", "public.data"]))
            \(Fixtures.declaration("com.acme.b", conformsTo: ["com.acme.c"]))
            \(Fixtures.declaration("com.acme.c", conformsTo: ["com.acme.a"]))
            </array>
            """)
        let world = World(manifests: [app])
        let graph = world.graph
        let a = graph.id(of: "com.acme.a")!
        let closure = graph.supertypes(a).map { graph.identifier($0.id) }
        XCTAssertEqual(Set(closure), ["com.acme.a", "com.acme.b", "com.acme.c", "public.data", "public.item"])
        XCTAssertEqual(world.findings.filter { $0.rule == "conformance-cycle" }.count, 1)
    }

    func testTagLookupPreferences() {
        let graph = World(manifests: []).graph
        func first(_ ext: String) -> String? {
            graph.lookup(tag: ext, ofClass: TagClass.filenameExtension).first.map { graph.identifier($0) }
        }
        XCTAssertEqual(first("xml"), "public.xml", "public.* beats com.microsoft.word.wordml")
        XCTAssertEqual(first("mp4"), "public.mpeg-4", "first-loaded among equals")
        XCTAssertEqual(first("TXT"), "public.plain-text", "extensions are case-insensitive")
        XCTAssertEqual(
            first("savedsearch"),
            graph.identifier(graph.lookup(tag: "savedSearch", ofClass: TagClass.filenameExtension)[0]))
        XCTAssertEqual(
            graph.lookup(tag: "pdf ", ofClass: TagClass.osType), [], "OSType matching is case- and space-exact")
        XCTAssertFalse(graph.lookup(tag: "PDF ", ofClass: TagClass.osType).isEmpty)
    }

    func testDynamicTypesForUnknownTags() {
        let world = World(manifests: [])
        let resolver = TypeResolver(graph: world.graph)
        XCTAssertEqual(resolver.resolve(.fileExtension("xyz")).identifier, "dyn.ah62d4rv4ge81u8p4")
        XCTAssertEqual(
            resolver.resolve(.file("notes.SRT")).identifier, "dyn.ah62d4rv4ge81g6xy",
            "lowercased, conforming to public.data")
        XCTAssertEqual(
            resolver.resolve(.fileExtension("zip"), conformingTo: "public.content").identifier,
            "dyn.ah62d4qmxhk2x48xmsa", "a hard filter")
        XCTAssertEqual(resolver.resolve(.fileExtension("zip")).identifier, "public.zip-archive")
        XCTAssertEqual(
            resolver.resolve(.fileExtension("webvtt"), documentConformance: false).identifier, "dyn.age81s3pcs34hk")
        let dynamic = resolver.resolve(.fileExtension("xyz"))
        XCTAssertTrue(dynamic.isDynamic)
        XCTAssertEqual(dynamic.ancestors.map { world.graph.identifier($0.id) }, ["public.data", "public.item"])
        XCTAssertEqual(resolver.resolve(.file("README")).identifier, "public.data")
    }

    func testTargetParsing() {
        let graph = World(manifests: []).graph
        let never: (String) -> Bool = { _ in false }
        XCTAssertEqual(Target.parse(".pdb", graph: graph, fileExists: never), .fileExtension("pdb"))
        XCTAssertEqual(Target.parse("com.adobe.pdf", graph: graph, fileExists: never), .uti("com.adobe.pdf"))
        XCTAssertEqual(
            Target.parse("dyn.ah62d4rv4ge81u8p4", graph: graph, fileExists: never), .uti("dyn.ah62d4rv4ge81u8p4"))
        XCTAssertEqual(Target.parse("chemical/x-pdb", graph: graph, fileExists: never), .mimeType("chemical/x-pdb"))
        XCTAssertEqual(Target.parse("chemical/x-pdb", graph: graph, fileExists: { _ in true }), .file("chemical/x-pdb"))
        XCTAssertEqual(Target.parse("report.pdb", graph: graph, fileExists: never), .file("report.pdb"))
        XCTAssertEqual(Target.parse("ext:.pdb", graph: graph, fileExists: never), .fileExtension("pdb"))
        XCTAssertEqual(Target.parse("uti:com.x.y", graph: graph, fileExists: never), .uti("com.x.y"))
        XCTAssertEqual(Target.fileExtension(of: "dir.d/x.pdb.gz"), "gz")
        XCTAssertNil(Target.fileExtension(of: ".bashrc"))
    }
}
