/// Mermaid `flowchart BT` for a conformance graph, for GitHub Markdown (```` ```mermaid ````).
///
/// Node ids are `n0, n1…` for types and `a0, a1…` for apps in the graph's stable order, so ids
/// never depend on identifier spelling (Mermaid ids cannot hold dots safely). GitHub disables
/// `click` tooltips, so an excluded claim's reason is written on its dashed edge instead.
public enum MermaidRenderer {
    public static func render(_ graph: ConformanceGraph) -> String {
        // The header comes first: older Mermaid versions detect the diagram type on line one.
        var out = ["flowchart BT"]
        out += GraphPalette.comment(for: graph).map { "  %% " + $0 }
        for (i, node) in graph.nodes.enumerated() {
            out.append("  n\(i)[\(label(GraphPalette.lines(of: node)))]")
        }
        if graph.omittedSubtypes > 0 {
            out.append("  more[\(label(["+\(graph.omittedSubtypes) more conforming types"]))]")
        }
        var link = 0
        var wildcardLinks: [Int] = [], excludedLinks: [Int] = [], defaultLinks: [Int] = []
        for edge in graph.edges {
            out.append("  n\(edge.child) --> n\(edge.parent)")
            link += 1
        }
        if graph.omittedSubtypes > 0 {
            out.append("  more -.-> n0")
            link += 1
        }
        for (i, app) in graph.apps.enumerated() {
            out.append("  a\(i)[\(label(GraphPalette.lines(of: app)))]")
            if let reason = app.exclusion {
                out.append("  a\(i) -.->|\(quote("excluded: " + reason))| n\(app.node)")
                excludedLinks.append(link)
            } else {
                let arrow = app.isDefault ? "==>" : "-->"
                out.append("  a\(i) \(arrow)|\(quote(app.matchLabel))| n\(app.node)")
                if app.isDefault {
                    defaultLinks.append(link)
                } else if app.match == .wildcard {
                    wildcardLinks.append(link)
                }
            }
            link += 1
        }

        let p = GraphPalette.self
        out.append("  classDef target fill:\(p.target.fill),stroke:\(p.target.stroke),stroke-width:2px,color:#000")
        out.append("  classDef type fill:\(p.type.fill),stroke:\(p.type.stroke),color:#000")
        out.append(
            "  classDef wildcard fill:\(p.wildcard.fill),stroke:\(p.wildcard.stroke),stroke-dasharray:2 2,color:#000")
        out.append("  classDef dynamic fill:\(p.dynamic.fill),stroke:\(p.dynamic.stroke),stroke-width:3px,color:#000")
        out.append("  classDef undeclared fill:\(p.undeclared.fill),stroke:\(p.undeclared.stroke),color:#6c757d")
        out.append("  classDef owner fill:\(p.rankFill(.owner)),stroke:\(p.rankStroke),stroke-width:2px,color:#000")
        out.append("  classDef rankDefault fill:\(p.rankFill(.default)),stroke:\(p.rankStroke),color:#000")
        out.append("  classDef alternate fill:\(p.rankFill(.alternate)),stroke:\(p.rankStroke),color:#000")
        out.append(
            "  classDef defaultHandler fill:\(p.defaultHandler.fill),stroke:\(p.defaultHandler.stroke),stroke-width:3px,color:#000"
        )
        out.append(
            "  classDef excluded fill:\(p.excluded.fill),stroke:\(p.excluded.stroke),stroke-dasharray:5 5,color:\(p.excluded.text)"
        )

        var classes: [(String, [String])] = [
            ("target", []), ("type", []), ("wildcard", []), ("dynamic", []), ("undeclared", []),
            ("defaultHandler", []), ("owner", []), ("rankDefault", []), ("alternate", []), ("excluded", []),
        ]
        func assign(_ id: String, _ name: String) {
            if let k = classes.firstIndex(where: { $0.0 == name }) { classes[k].1.append(id) }
        }
        for (i, node) in graph.nodes.enumerated() { assign("n\(i)", typeClass(node)) }
        for (i, app) in graph.apps.enumerated() { assign("a\(i)", appClass(app)) }
        for (name, ids) in classes where !ids.isEmpty {
            out.append("  class \(ids.joined(separator: ",")) \(name)")
        }
        if !defaultLinks.isEmpty {
            out.append(
                "  linkStyle \(defaultLinks.map(String.init).joined(separator: ",")) stroke:\(p.defaultHandler.stroke),stroke-width:3px"
            )
        }
        if !wildcardLinks.isEmpty {
            out.append(
                "  linkStyle \(wildcardLinks.map(String.init).joined(separator: ",")) stroke:\(p.wildcard.stroke)")
        }
        if !excludedLinks.isEmpty {
            out.append(
                "  linkStyle \(excludedLinks.map(String.init).joined(separator: ",")) stroke:\(p.excluded.stroke),color:\(p.excluded.text)"
            )
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// One class per node (Mermaid's handling of several is uneven across versions): the most
    /// telling property wins — dynamic, wildcard, undeclared, then role.
    static func typeClass(_ node: GraphTypeNode) -> String {
        if node.isDynamic { return "dynamic" }
        if node.isWildcard { return "wildcard" }
        if !node.isDeclared { return "undeclared" }
        return node.role == .target ? "target" : "type"
    }

    static func appClass(_ app: GraphApp) -> String {
        if app.isExcluded { return "excluded" }
        if app.isDefault { return "defaultHandler" }
        switch app.rank {
        case .owner: return "owner"
        case .default: return "rankDefault"
        case .alternate, .none: return "alternate"
        }
    }

    /// A quoted label, lines joined with `<br/>`.
    static func label(_ lines: [String]) -> String {
        "\"" + lines.map(escape).joined(separator: "<br/>") + "\""
    }

    static func quote(_ text: String) -> String { "\"" + escape(text) + "\"" }

    /// Mermaid entity codes for characters that would end or confuse a quoted label; `#` first,
    /// since the codes themselves start with it. The invisible characters `ReportText` escapes
    /// (a bidi override would reorder the printed graph) are codes too.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#": out += "#35;"
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "\n", "\r": out += " "
            case _ where ReportText.isControl(scalar): out += "#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
