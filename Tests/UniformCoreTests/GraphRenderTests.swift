import UniformCore
import XCTest

/// `uniform graph` as data and as text: nodes, conformance edges in declared order, apps
/// attached where they claim, the default highlighted, excluded claims dashed, wildcard and
/// dynamic types set apart, and byte-identical output run after run.
final class GraphRenderTests: XCTestCase {
    static let pdb = "com.sunsetlakesoftware.molecules.pdb"
    static let molecules = "com.sunsetlakesoftware.molecules", textpad = "com.brightleafapps.textpad"
    static let filebox = "com.harborlabs.filebox", preview = "org.proteinlab.pdbpreview",
        labnotes = "com.benchtop.labnotes"

    func world(_ paths: [String]) -> World {
        let loaded = ManifestLoader().load(paths.map(Fixtures.example))
        XCTAssertEqual(loaded.errors.map(\.description), [])
        return World(manifests: loaded.manifests)
    }

    func graph(_ target: String, in world: World, options: GraphOptions = GraphOptions()) throws -> ConformanceGraph {
        ConformanceGraph(resolution: try Fixtures.resolve(target, in: world), world: world, options: options)
    }

    /// `child → parent` pairs by identifier.
    func edges(_ g: ConformanceGraph) -> [String] {
        g.edges.map { "\(g.nodes[$0.child].identifier) → \(g.nodes[$0.parent].identifier)" }
    }

    /// `bundle id @ claimed node` for every attached app, in graph order.
    func attachments(_ g: ConformanceGraph) -> [String] {
        g.apps.map { "\($0.bundleID) @ \(g.nodes[$0.node].identifier)" }
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    // MARK: Molecules

    func testMoleculesModel() throws {
        let g = try graph(".pdb", in: world(["molecules/apps"]))
        XCTAssertEqual(
            g.nodes.map(\.identifier),
            [Self.pdb, "public.plain-text", "public.text", "public.data", "public.content", "public.item"])
        XCTAssertEqual(g.nodes.map(\.role), [.target, .supertype, .supertype, .supertype, .supertype, .supertype])
        XCTAssertEqual(g.nodes.map(\.isWildcard), [false, false, false, true, true, true])
        XCTAssertEqual(g.nodes[0].summary, "Molecules Structure File")
        XCTAssertNil(g.nodes[2].summary, "a description that repeats the identifier ('text') is dropped")
        XCTAssertEqual(
            edges(g),
            [
                "\(Self.pdb) → public.plain-text", "\(Self.pdb) → public.text", "public.plain-text → public.text",
                "public.text → public.data", "public.text → public.content", "public.data → public.item",
            ])
        XCTAssertEqual(
            attachments(g),
            [
                "\(Self.molecules) @ \(Self.pdb)", "\(Self.textpad) @ public.plain-text",
                "\(Self.filebox) @ public.data",
                "\(Self.preview) @ \(Self.pdb)", "\(Self.labnotes) @ \(Self.pdb)",
            ])
        XCTAssertEqual(g.apps.map(\.position), [1, 2, 3, nil, nil])
        XCTAssertEqual(g.apps.map(\.isDefault), [true, false, false, false, false])
        XCTAssertEqual(g.defaultHandler, Self.molecules)
        XCTAssertTrue(g.apps[3].exclusion?.contains("QLGenerator") ?? false)
        XCTAssertTrue(g.apps[4].exclusion?.contains("LSHandlerRank None") ?? false)
        XCTAssertEqual(g.undrawnApps, [])
    }

    func testMoleculesDOT() throws {
        let dot = DotRenderer.render(try graph(".pdb", in: world(["molecules/apps"])))
        let l = lines(dot)
        XCTAssertEqual(l[0], "// uniform graph .pdb")
        XCTAssertEqual(l[1], "digraph uniform {")
        XCTAssertTrue(dot.contains("rankdir=BT"))
        XCTAssertEqual(l.last, "}")
        // Nodes, with identifiers and short descriptions.
        XCTAssertTrue(
            dot.contains(
                #""t:\#(Self.pdb)" [label="\#(Self.pdb)\n(document type)\nMolecules Structure File", penwidth=2"#))
        XCTAssertTrue(
            dot.contains(#""t:public.data" [label="public.data\n(wildcard)", shape=octagon"#), "wildcards stand apart")
        // Conformance edges in declared order.
        let first = try XCTUnwrap(l.firstIndex(of: #"  "t:\#(Self.pdb)" -> "t:public.plain-text";"#))
        let second = try XCTUnwrap(l.firstIndex(of: #"  "t:\#(Self.pdb)" -> "t:public.text";"#))
        XCTAssertLessThan(first, second)
        XCTAssertTrue(l.contains(#"  "t:public.data" -> "t:public.item";"#))
        // Apps attached to what they claim; the default bold and green.
        let molecules = try XCTUnwrap(l.first { $0.hasPrefix(#"  "a:\#(Self.molecules)" ["#) })
        XCTAssertTrue(molecules.contains(#"label="1. Molecules\n\#(Self.molecules)\nOwner · Viewer\ndefault handler""#))
        XCTAssertTrue(molecules.contains("penwidth=3"))
        XCTAssertTrue(molecules.contains("style=\"filled,bold\""))
        XCTAssertTrue(
            l.contains(
                ##"  "a:\##(Self.molecules)" -> "t:\##(Self.pdb)" [label="exact", color="#1a7f37", penwidth=2];"##))
        XCTAssertTrue(l.contains(#"  "a:\#(Self.textpad)" -> "t:public.plain-text" [label="conforms, distance 1"];"#))
        XCTAssertTrue(
            l.contains(
                ##"  "a:\##(Self.filebox)" -> "t:public.data" [label="wildcard, distance 2", color="#868e96"];"##))
        // Excluded claims dashed, with the reason as tooltip.
        let labnotes = try XCTUnwrap(l.first { $0.hasPrefix(#"  "a:\#(Self.labnotes)" -> "#) })
        XCTAssertTrue(labnotes.contains("style=dashed"))
        XCTAssertTrue(labnotes.contains(#"tooltip="LSHandlerRank None: never chosen to open the type""#))
        let preview = try XCTUnwrap(l.first { $0.hasPrefix(#"  "a:\#(Self.preview)" ["#) })
        XCTAssertTrue(preview.contains("style=\"dashed,filled\""))
        XCTAssertTrue(preview.contains("tooltip=\"excluded: CFBundleTypeRole QLGenerator"))
    }

    func testMoleculesMermaid() throws {
        let mermaid = MermaidRenderer.render(try graph(".pdb", in: world(["molecules/apps"])))
        let l = lines(mermaid)
        XCTAssertEqual(l[0], "flowchart BT")
        XCTAssertEqual(l[1], "  %% uniform graph .pdb")
        XCTAssertTrue(l.contains(#"  n0["\#(Self.pdb)<br/>(document type)<br/>Molecules Structure File"]"#))
        XCTAssertTrue(l.contains(#"  n3["public.data<br/>(wildcard)"]"#))
        let edges = l.filter { $0.hasPrefix("  n") && $0.contains(" --> ") }
        XCTAssertEqual(
            edges, ["  n0 --> n1", "  n0 --> n2", "  n1 --> n2", "  n2 --> n3", "  n2 --> n4", "  n3 --> n5"])
        XCTAssertTrue(
            l.contains(#"  a0["1. Molecules<br/>\#(Self.molecules)<br/>Owner · Viewer<br/>default handler"]"#))
        XCTAssertTrue(l.contains(#"  a0 ==>|"exact"| n0"#), "the default's edge is thick")
        XCTAssertTrue(l.contains(#"  a1 -->|"conforms, distance 1"| n1"#))
        XCTAssertTrue(l.contains(#"  a2 -->|"wildcard, distance 2"| n3"#))
        XCTAssertTrue(
            l.contains(#"  a4 -.->|"excluded: LSHandlerRank None: never chosen to open the type"| n0"#),
            "reasons on dashed edges")
        XCTAssertTrue(l.contains("  class n0 target"))
        XCTAssertTrue(l.contains("  class n3,n4,n5 wildcard"))
        XCTAssertTrue(l.contains("  class a0 defaultHandler"))
        XCTAssertTrue(l.contains("  class a3,a4 excluded"))
        XCTAssertTrue(l.contains { $0.hasPrefix("  classDef excluded ") && $0.contains("stroke-dasharray") })
        // Link indices: 6 conformance edges (0–5), then one per app (6–10).
        XCTAssertTrue(l.contains("  linkStyle 6 stroke:#1a7f37,stroke-width:3px"))
        XCTAssertTrue(l.contains("  linkStyle 9,10 stroke:#adb5bd,color:#6c757d"))
        XCTAssertFalse(mermaid.contains("click "), "GitHub does not allow click tooltips")
    }

    // MARK: The other examples

    func testSysStatsPrivateTypeHasNothingGenericAbove() throws {
        let g = try graph("Dashboard.sysstatsbookmark", in: world(["sysstats/apps"]))
        XCTAssertEqual(g.nodes.map(\.identifier), ["jp.example.sysstats.bookmark", "public.item"])
        XCTAssertEqual(edges(g), ["jp.example.sysstats.bookmark → public.item"])
        XCTAssertEqual(
            attachments(g),
            ["jp.example.sysstats.monitor @ jp.example.sysstats.bookmark", "com.cloudharbor.filesync @ public.item"])
        let mermaid = MermaidRenderer.render(g)
        XCTAssertTrue(mermaid.contains(#"  a1 -->|"wildcard, distance 1"| n1"#))
        XCTAssertFalse(mermaid.contains("public.data"))
    }

    func testSysStatsLeakyVariantShowsTheTextEditor() throws {
        let g = try graph("Dashboard.sysstatsbookmark", in: world(ExamplesTests.leaky))
        XCTAssertEqual(
            g.nodes.map(\.identifier),
            ["jp.example.sysstats.bookmark", "public.text", "public.data", "public.content", "public.item"])
        XCTAssertTrue(attachments(g).contains("com.quillworks.texteditor @ public.text"))
        XCTAssertTrue(attachments(g).contains("net.bytepeek.hexviewer @ public.data"))
    }

    func testDocInteractionTypeWithoutParents() throws {
        let g = try graph("Report.pdf1", in: world(["docinteraction/apps"]))
        XCTAssertEqual(g.nodes.map(\.identifier), ["com.example.docinteraction.pdf1"])
        XCTAssertEqual(g.edges, [])
        XCTAssertEqual(
            attachments(g),
            [
                "com.example.docinteraction @ com.example.docinteraction.pdf1",
                "com.example.docinteraction.companion @ com.example.docinteraction.pdf1",
            ])
        let dot = DotRenderer.render(g)
        XCTAssertFalse(lines(dot).contains { $0.hasPrefix("  \"t:") && $0.contains(" -> ") }, "no conformance edges")
        XCTAssertFalse(dot.contains("AnyViewer"))
    }

    func testDocumentAppLegacyClaims() throws {
        let w = world(["document-app/apps"])
        let package = try graph("Drawing.sketchpkg", in: w)
        XCTAssertEqual(package.nodes.first?.identifier, "com.fernleaf.sketchpad.drawing")
        XCTAssertTrue(package.nodes.contains { $0.identifier == "com.apple.package" && $0.isWildcard })
        XCTAssertTrue(
            attachments(package).contains("com.retrodraw.importer @ com.fernleaf.sketchpad.drawing"),
            "a legacy extension claim sits on the type itself")
        XCTAssertTrue(MermaidRenderer.render(package).contains(#"-->|"legacy 'sketchpkg'"| n0"#))

        let note = try graph(".vnote", in: w)
        XCTAssertTrue(
            attachments(note).contains("net.hexlens.HexLens @ public.data"), "a legacy '*' stands at public.data")
        XCTAssertTrue(
            DotRenderer.render(note).contains(
                #""a:net.hexlens.HexLens" -> "t:public.data" [label="wildcard '*' (legacy)""#))
    }

    func testDynamicTypeIsVisiblyDistinct() throws {
        let g = try graph(".srt", in: world(["molecules/apps"]))
        XCTAssertTrue(g.nodes[0].isDynamic)
        XCTAssertEqual(g.nodes[0].summary, "dynamic: .srt")
        XCTAssertEqual(edges(g), ["\(g.nodes[0].identifier) → public.data", "public.data → public.item"])
        XCTAssertEqual(attachments(g), ["\(Self.filebox) @ public.data"])
        XCTAssertNil(g.defaultHandler, "only a wildcard matched: the user must choose")
        let dot = DotRenderer.render(g)
        let node = try XCTUnwrap(lines(dot).first { $0.hasPrefix("  \"t:dyn.") })
        XCTAssertTrue(node.contains("peripheries=2"))
        XCTAssertTrue(node.contains("fillcolor=\"#ffe3e3\""))
        XCTAssertFalse(dot.contains("default handler"))
        XCTAssertTrue(MermaidRenderer.render(g).contains("  class n0 dynamic"))
    }

    // MARK: Options

    func testDepthBoundsSupertypesAndNamesTheClaimsLeftOut() throws {
        let g = try graph(".pdb", in: world(["molecules/apps"]), options: GraphOptions(depth: 1))
        XCTAssertEqual(g.nodes.map(\.identifier), [Self.pdb, "public.plain-text", "public.text"])
        XCTAssertEqual(g.undrawnApps, [Self.filebox])
        XCTAssertTrue(DotRenderer.render(g).contains("// claims beyond --depth, not drawn: \(Self.filebox)"))
        XCTAssertTrue(MermaidRenderer.render(g).contains("  %% claims beyond --depth, not drawn: \(Self.filebox)"))
        let zero = try graph(".pdb", in: world(["molecules/apps"]), options: GraphOptions(depth: 0))
        XCTAssertEqual(zero.nodes.map(\.identifier), [Self.pdb])
    }

    func testDownDrawsSortedBoundedSubtypes() throws {
        let w = world(["molecules/apps"])
        let g = try graph("public.plain-text", in: w, options: GraphOptions(down: true))
        let subtypes = g.nodes.filter { $0.role == .subtype }.map(\.identifier)
        XCTAssertTrue(subtypes.contains(Self.pdb))
        XCTAssertTrue(subtypes.contains("public.utf8-plain-text"))
        XCTAssertEqual(subtypes, subtypes.sorted { $0.lowercased() < $1.lowercased() })
        XCTAssertTrue(edges(g).contains("\(Self.pdb) → public.plain-text"))
        XCTAssertTrue(
            edges(g).contains("\(Self.pdb) → public.text"), "every declared parent that is drawn gets its edge")

        let bounded = try graph("public.plain-text", in: w, options: GraphOptions(down: true, subtypeLimit: 3))
        XCTAssertEqual(bounded.nodes.filter { $0.role == .subtype }.map(\.identifier), Array(subtypes.prefix(3)))
        XCTAssertEqual(bounded.omittedSubtypes, subtypes.count - 3)
        XCTAssertTrue(DotRenderer.render(bounded).contains("+\(subtypes.count - 3) more conforming types"))
        XCTAssertTrue(MermaidRenderer.render(bounded).contains("  more -.-> n0"))
    }

    // MARK: Text safety and determinism

    func testLabelsAreEscaped() throws {
        let app = try Fixtures.manifest(
            """
            <key>CFBundleIdentifier</key><string>com.acme.quote</string>
            <key>CFBundleDocumentTypes</key><array><dict><key>CFBundleTypeRole</key><string>Viewer</string>
            <key>LSItemContentTypes</key><array><string>com.acme.q</string></array></dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>com.acme.q</string>
            <key>UTTypeDescription</key><string>Say "hi" &lt;b&gt; #1 \\ ok</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array></dict></array>
            """)
        let g = try graph("com.acme.q", in: World(manifests: [app]))
        XCTAssertEqual(g.nodes[0].summary, #"Say "hi" <b> #1 \ ok"#)
        XCTAssertTrue(DotRenderer.render(g).contains(#"\nSay \"hi\" <b> #1 \\ ok""#))
        XCTAssertTrue(MermaidRenderer.render(g).contains("<br/>Say #quot;hi#quot; #lt;b#gt; #35;1 \\ ok\"]"))
    }

    func testLongDescriptionsAreShortened() {
        XCTAssertEqual(
            ConformanceGraph.shorten(String(repeating: "x", count: 60))?.count, ConformanceGraph.summaryLength)
        XCTAssertEqual(ConformanceGraph.shorten("  short  "), "short")
        XCTAssertNil(ConformanceGraph.shorten("   "))
    }

    func testOutputIsDeterministic() throws {
        let cases: [([String], String)] = [
            (["molecules/apps"], ".pdb"), (["sysstats/apps"], "Dashboard.sysstatsbookmark"),
            (["docinteraction/apps"], "Report.pdf1"), (["document-app/apps"], "Drawing.sketchpkg"),
        ]
        for (paths, target) in cases {
            let once = try graph(target, in: world(paths), options: GraphOptions(down: true))
            let twice = try graph(target, in: world(paths), options: GraphOptions(down: true))
            XCTAssertEqual(DotRenderer.render(once), DotRenderer.render(twice), target)
            XCTAssertEqual(MermaidRenderer.render(once), MermaidRenderer.render(twice), target)
        }
    }
}
