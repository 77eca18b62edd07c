/// Graphviz DOT for a conformance graph: `rankdir=BT`, so supertypes sit above the type and
/// apps below what they claim.
///
/// Node ids are the identifiers themselves (`"t:public.text"`, `"a:com.acme.app"`), which are
/// unique and stable, so adding a node changes one line of the diff, not the numbering. Excluded
/// claims carry their reason as a `tooltip`, which SVG viewers show on hover.
public enum DotRenderer {
    public static func render(_ graph: ConformanceGraph) -> String {
        var out: [String] = GraphPalette.comment(for: graph).map { "// " + $0 }
        out.append("digraph uniform {")
        out.append(
            "  graph [rankdir=BT, fontname=\"Helvetica\", fontsize=12, nodesep=0.35, ranksep=0.45, label=\(quote("uniform graph " + graph.query)), labelloc=t];"
        )
        out.append(
            "  node [fontname=\"Helvetica\", fontsize=11, shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\"];")
        out.append("  edge [fontname=\"Helvetica\", fontsize=9, color=\"#495057\"];")
        out.append("")
        out.append("  // types")
        for node in graph.nodes {
            out.append("  \(typeID(node)) [\(typeAttributes(node))];")
        }
        if graph.omittedSubtypes > 0 {
            out.append(
                "  \"t:…\" [label=\(quote("+\(graph.omittedSubtypes) more conforming types")), shape=plaintext, style=\"\"];"
            )
        }
        out.append("")
        out.append("  // conformance, parents in declared order")
        for edge in graph.edges {
            out.append("  \(typeID(graph.nodes[edge.child])) -> \(typeID(graph.nodes[edge.parent]));")
        }
        if graph.omittedSubtypes > 0 {
            out.append("  \"t:…\" -> \(typeID(graph.nodes[0])) [style=dotted];")
        }
        if !graph.apps.isEmpty {
            out.append("")
            out.append("  // apps: handlers best first, then excluded claims")
            for app in graph.apps {
                out.append("  \(appID(app)) [\(appAttributes(app))];")
                out.append("  \(appID(app)) -> \(typeID(graph.nodes[app.node])) [\(claimAttributes(app))];")
            }
        }
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    static func typeID(_ node: GraphTypeNode) -> String { quote("t:" + node.identifier) }
    static func appID(_ app: GraphApp) -> String { quote("a:" + app.bundleID) }

    private static func typeAttributes(_ node: GraphTypeNode) -> String {
        var a = ["label=\(label(GraphPalette.lines(of: node)))"]
        let colours: (fill: String, stroke: String)
        if node.isDynamic {
            colours = GraphPalette.dynamic
            a.append("peripheries=2")
        } else if node.isWildcard {
            colours = GraphPalette.wildcard
            a.append("shape=octagon")
        } else if !node.isDeclared {
            colours = GraphPalette.undeclared
            a.append("fontcolor=\"#6c757d\"")
        } else if node.role == .target {
            colours = GraphPalette.target
        } else {
            colours = GraphPalette.type
        }
        if node.role == .target { a.append("penwidth=2") }
        a.append("fillcolor=\"\(colours.fill)\"")
        a.append("color=\"\(colours.stroke)\"")
        a.append("tooltip=\(quote(tooltip(node)))")
        return a.joined(separator: ", ")
    }

    private static func tooltip(_ node: GraphTypeNode) -> String {
        switch node.role {
        case .target: "the document's type"
        case .supertype: "supertype, distance \(node.distance)"
        case .subtype: "conforms to the document's type, distance \(node.distance)"
        }
    }

    private static func appAttributes(_ app: GraphApp) -> String {
        var a = ["label=\(label(GraphPalette.lines(of: app)))", "shape=box"]
        if let reason = app.exclusion {
            a.append("style=\"dashed,filled\"")
            a.append("fillcolor=\"\(GraphPalette.excluded.fill)\"")
            a.append("color=\"\(GraphPalette.excluded.stroke)\"")
            a.append("fontcolor=\"\(GraphPalette.excluded.text)\"")
            a.append("tooltip=\(quote("excluded: " + reason))")
        } else if app.isDefault {
            a.append("style=\"filled,bold\"")
            a.append("fillcolor=\"\(GraphPalette.defaultHandler.fill)\"")
            a.append("color=\"\(GraphPalette.defaultHandler.stroke)\"")
            a.append("penwidth=3")
            a.append("tooltip=\(quote("default handler; \(app.matchLabel), \(app.rank.rawValue)"))")
        } else {
            a.append("style=\"filled\"")
            a.append("fillcolor=\"\(GraphPalette.rankFill(app.rank))\"")
            a.append("color=\"\(GraphPalette.rankStroke)\"")
            if app.rank == .owner { a.append("penwidth=2") }
            a.append("tooltip=\(quote("\(app.matchLabel), \(app.rank.rawValue)"))")
        }
        return a.joined(separator: ", ")
    }

    private static func claimAttributes(_ app: GraphApp) -> String {
        var a: [String] = []
        if let reason = app.exclusion {
            a.append("label=\"excluded\"")
            a.append("style=dashed")
            a.append("color=\"\(GraphPalette.excluded.stroke)\"")
            a.append("fontcolor=\"\(GraphPalette.excluded.text)\"")
            a.append("arrowhead=odot")
            a.append("tooltip=\(quote(reason))")
        } else {
            a.append("label=\(quote(app.matchLabel))")
            if app.match == .wildcard { a.append("color=\"\(GraphPalette.wildcard.stroke)\"") }
            if app.isDefault {
                a.append("color=\"\(GraphPalette.defaultHandler.stroke)\"")
                a.append("penwidth=2")
            }
        }
        return a.joined(separator: ", ")
    }

    /// Lines joined with `\n` (centred) inside a quoted string.
    static func label(_ lines: [String]) -> String {
        "\"" + lines.map(escape).joined(separator: "\\n") + "\""
    }

    static func quote(_ text: String) -> String { "\"" + escape(text) + "\"" }

    /// DOT strings need `\` and `"` escaped; newlines become `\n`. The second `#` of `##[` and
    /// the invisible characters `ReportText` escapes become entities (`&#35;`), which Graphviz
    /// draws as the characters: a graph printed to a CI log cannot hold a workflow command, and
    /// a bidi override cannot reorder its lines.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": break
            case "[" where out.hasSuffix("##"):
                out.removeLast()
                out += "&#35;["
            case _ where ReportText.isControl(scalar): out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
