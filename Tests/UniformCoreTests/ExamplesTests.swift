import UniformCore
import UniformPlist
import XCTest

/// The worked examples in `examples/`: full ranked lists, defaults, exclusions, hand-offs.
final class ExamplesTests: XCTestCase {
    func world(_ paths: [String], platform: PlatformFilter = .all) -> World {
        let loaded = ManifestLoader().load(paths.map(Fixtures.example))
        XCTAssertEqual(loaded.errors.map(\.description), [])
        return World(manifests: loaded.manifests, platform: platform)
    }

    func check(
        _ target: String, in world: World, role: RoleQuery = .all, handlers: [String], matches: [MatchKind]? = nil,
        default expectedDefault: String?, excluded: Set<String> = [], previewable: Bool? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let r = try Fixtures.resolve(target, in: world, role: role)
        XCTAssertEqual(r.handlers.map(\.bundleID), handlers, "handlers for \(target)", file: file, line: line)
        if let matches {
            XCTAssertEqual(r.handlers.map(\.match), matches, "matches for \(target)", file: file, line: line)
        }
        XCTAssertEqual(r.defaultHandler, expectedDefault, "default for \(target)", file: file, line: line)
        XCTAssertEqual(Set(r.excluded.map(\.bundleID)), excluded, "excluded for \(target)", file: file, line: line)
        if let previewable { XCTAssertEqual(r.previewable, previewable, file: file, line: line) }
        for c in r.handlers {
            XCTAssertNotNil(c.claim.line, "every candidate explained with a claim location", file: file, line: line)
        }
    }

    // MARK: Molecules (seed 000)

    func testMolecules() throws {
        let w = world(["molecules/apps"])
        let molecules = "com.sunsetlakesoftware.molecules", textpad = "com.brightleafapps.textpad",
            filebox = "com.harborlabs.filebox"
        let excluded: Set = ["org.proteinlab.pdbpreview", "com.benchtop.labnotes"]
        for target in [".pdb", "chemical/x-pdb", "file:Structure.pdb"] {
            try check(
                target, in: w, handlers: [molecules, textpad, filebox], matches: [.exact, .conforms, .wildcard],
                default: molecules, excluded: excluded, previewable: true)
        }
        try check(
            "Structure.pdb.gz", in: w, handlers: [molecules, "com.zipwerk.unzipper", filebox], default: molecules,
            previewable: false)
        try check(
            ".pdb", in: w, role: .editor, handlers: [textpad], default: textpad,
            excluded: excluded.union([molecules, filebox]))
        try check(".txt", in: w, handlers: [textpad, filebox], default: textpad)
        let r = try Fixtures.resolve(".pdb", in: w)
        XCTAssertTrue(
            r.excluded.first { $0.bundleID == "com.benchtop.labnotes" }!.reason.contains("LSHandlerRank None"))
        XCTAssertTrue(r.excluded.first { $0.bundleID == "org.proteinlab.pdbpreview" }!.reason.contains("QLGenerator"))
    }

    // MARK: SysStats (seed 004)

    static let leaky = [
        "sysstats/leaky", "sysstats/apps/Lite", "sysstats/apps/TextEditor", "sysstats/apps/HexViewer",
        "sysstats/apps/FileSync",
    ]

    func testSysStatsPrivateTypeStaysPrivate() throws {
        try check(
            "Dashboard.sysstatsbookmark", in: world(["sysstats/apps"]),
            handlers: ["jp.example.sysstats.monitor", "com.cloudharbor.filesync"], matches: [.exact, .wildcard],
            default: "jp.example.sysstats.monitor", previewable: false)
    }

    func testSysStatsLeakyVariantReachesTextEditors() throws {
        try check(
            "Dashboard.sysstatsbookmark", in: world(Self.leaky),
            handlers: [
                "jp.example.sysstats.monitor", "com.quillworks.texteditor", "net.bytepeek.hexviewer",
                "com.cloudharbor.filesync",
            ],
            matches: [.exact, .conforms, .wildcard, .wildcard], default: "jp.example.sysstats.monitor",
            previewable: true)
    }

    func testSysStatsHandoff() throws {
        let w = world(["sysstats/apps"])
        let annotation = try PlistReader.read(contentsOf: Fixtures.example("sysstats/annotation.plist")).root
        let handoff = Handoff(resolver: Resolver(world: w))
        let sent = try handoff.send(
            HandoffRequest(
                file: "Dashboard.sysstatsbookmark", from: "jp.example.sysstats.lite", to: "jp.example.sysstats.monitor",
                annotation: annotation))
        XCTAssertTrue(sent.accepted)
        XCTAssertFalse(sent.openInPlace)
        XCTAssertEqual(sent.sourceApplication, "jp.example.sysstats.lite")
        XCTAssertEqual(
            sent.url,
            "file:///private/var/mobile/Containers/Data/Application/jp.example.sysstats.monitor/Documents/Inbox/Dashboard.sysstatsbookmark"
        )
        XCTAssertEqual(JSONValue(plist: sent.annotation!), JSONValue(plist: annotation))
        for receiver in ["com.quillworks.texteditor", "net.bytepeek.hexviewer"] {
            let refused = try handoff.send(
                HandoffRequest(file: "Dashboard.sysstatsbookmark", from: "jp.example.sysstats.lite", to: receiver))
            XCTAssertFalse(refused.accepted, receiver)
        }
        let inPlace = try handoff.send(
            HandoffRequest(
                file: "Dashboard.sysstatsbookmark", from: "jp.example.sysstats.lite", to: "com.cloudharbor.filesync"))
        XCTAssertTrue(inPlace.openInPlace)
        XCTAssertFalse(inPlace.url!.contains("/Inbox/"))
        let leak = try Handoff(resolver: Resolver(world: world(Self.leaky))).send(
            HandoffRequest(
                file: "Dashboard.sysstatsbookmark", from: "jp.example.sysstats.lite", to: "com.quillworks.texteditor",
                annotation: annotation))
        XCTAssertTrue(leak.accepted, "the leaky variant hands bookmarks to a third-party editor")
    }

    // MARK: DocInteraction (seed 003)

    func testDocInteractionPdf1IsVisibleOnlyToItsApps() throws {
        let w = world(["docinteraction/apps"])
        try check(
            "Report.pdf1", in: w, handlers: ["com.example.docinteraction", "com.example.docinteraction.companion"],
            default: "com.example.docinteraction", previewable: false)
        try check(
            ".pdf", in: w,
            handlers: ["com.example.docinteraction", "com.inkwellsoft.pdfviewer", "io.openhouse.anyviewer"],
            default: "com.example.docinteraction", previewable: true)
        let handoff = Handoff(resolver: Resolver(world: w))
        XCTAssertTrue(
            try handoff.send(
                HandoffRequest(
                    file: "Report.pdf1", from: "com.example.docinteraction", to: "com.example.docinteraction.companion")
            ).accepted)
        XCTAssertFalse(
            try handoff.send(
                HandoffRequest(file: "Report.pdf1", from: "com.example.docinteraction", to: "com.inkwellsoft.pdfviewer")
            ).accepted)
        XCTAssertFalse(
            try handoff.send(
                HandoffRequest(file: "Report.pdf1", from: "com.example.docinteraction", to: "io.openhouse.anyviewer")
            ).accepted)
    }

    func testDocInteractionConformingVariantIsSeenByWildcards() throws {
        let w = world([
            "docinteraction/conforming", "docinteraction/apps/DocCompanion", "docinteraction/apps/InkwellPDF",
            "docinteraction/apps/AnyViewer",
        ])
        try check(
            "Report.pdf1", in: w,
            handlers: ["com.example.docinteraction", "com.example.docinteraction.companion", "io.openhouse.anyviewer"],
            default: "com.example.docinteraction")
    }

    // MARK: Document-based app (seed 001)

    func testDocumentAppPackageType() throws {
        let w = world(["document-app/apps"])
        try check(
            "Drawing.sketchpkg", in: w,
            handlers: ["com.fernleaf.sketchpad", "com.glanceapp.glance", "com.retrodraw.importer"],
            matches: [.exact, .exact, .legacy], default: "com.fernleaf.sketchpad", previewable: false)
        try check(
            "Drawing.sketchpkg", in: w, role: .editor, handlers: ["com.fernleaf.sketchpad"],
            default: "com.fernleaf.sketchpad",
            excluded: ["com.glanceapp.glance", "com.retrodraw.importer"])
        try check(
            ".vnote", in: w, handlers: ["com.fernleaf.sketchpad", "net.hexlens.HexLens"],
            default: "com.fernleaf.sketchpad")
        try check("Notes.txt", in: w, handlers: ["net.hexlens.HexLens"], matches: [.wildcard], default: nil)
        try check("Drawing.sketchpkg", in: world(["document-app/apps"], platform: .ios), handlers: [], default: nil)
        let graph = w.graph
        let type = TypeResolver(graph: graph).resolve(.file("Drawing.sketchpkg"))
        XCTAssertNotNil(type.distance(to: graph.id(of: "com.apple.package")!))
        XCTAssertNil(type.distance(to: graph.id(of: "public.data")!))
    }
}
