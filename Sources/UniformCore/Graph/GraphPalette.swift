/// Colours and wording shared by the DOT and Mermaid renderers, so both formats tell the same
/// story: yellow document type, grey wildcards, pink dynamic types; apps blue by rank (darker
/// is stronger), the default handler green and bold, excluded claims dashed and grey.
enum GraphPalette {
    static let target = (fill: "#fff3bf", stroke: "#b08800")
    static let type = (fill: "#ffffff", stroke: "#495057")
    static let wildcard = (fill: "#e9ecef", stroke: "#868e96")
    static let dynamic = (fill: "#ffe3e3", stroke: "#c92a2a")
    static let undeclared = (fill: "#ffffff", stroke: "#adb5bd")
    static let defaultHandler = (fill: "#d3f9d8", stroke: "#1a7f37")
    static let excluded = (fill: "#ffffff", stroke: "#adb5bd", text: "#6c757d")

    static func rankFill(_ rank: HandlerRank) -> String {
        switch rank {
        case .owner: "#a5d8ff"
        case .default: "#d0ebff"
        case .alternate, .none: "#f1f3f5"
        }
    }

    static let rankStroke = "#1c7ed6"

    /// The lines of a type node: identifier, then a tag line (wildcard, dynamic, …), then the
    /// description.
    static func lines(of node: GraphTypeNode) -> [String] {
        var lines = [node.identifier]
        var marks: [String] = []
        if node.role == .target { marks.append("document type") }
        if node.isWildcard { marks.append("wildcard") }
        if !node.isDeclared { marks.append("not declared") }
        if !marks.isEmpty { lines.append("(" + marks.joined(separator: ", ") + ")") }
        if let summary = node.summary { lines.append(summary) }
        return lines
    }

    /// The lines of an app node: place and name, bundle id, rank and role, and the verdict.
    static func lines(of app: GraphApp) -> [String] {
        var lines = [(app.position.map { "\($0). " } ?? "") + app.title]
        if app.name != nil { lines.append(app.bundleID) }
        lines.append("\(app.rank.rawValue) · \(app.role.rawValue)")
        if app.isDefault { lines.append(app.isUserDefault ? "default handler (user default)" : "default handler") }
        if app.isExcluded { lines.append("excluded") }
        return lines
    }

    static func comment(for graph: ConformanceGraph) -> [String] {
        var lines = ["uniform graph \(graph.query)"]
        if graph.omittedSubtypes > 0 { lines.append("\(graph.omittedSubtypes) more subtypes not drawn") }
        if !graph.undrawnApps.isEmpty {
            lines.append("claims beyond --depth, not drawn: " + graph.undrawnApps.joined(separator: ", "))
        }
        // Comment lines: a line break in the query or an app's id would end the comment.
        return lines.map(ReportText.line)
    }
}
