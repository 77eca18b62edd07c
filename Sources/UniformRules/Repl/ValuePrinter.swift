import Foundation
import UniformCore
import UniformLua

/// Renders REPL results for people: strings as text, tables as indented Lua-like tables with
/// cycles marked, `uniform` types as their identifier and supertypes, resolutions as the ranked,
/// explained handler list (the same text as `uniform resolve --explain`).
///
/// Reads tables raw (no metamethods), so printing never runs rule code; only functions and
/// userdata go through Lua's `tostring` for their address. Every string is input (a manifest's,
/// a rule's): a top-level one prints on one line with line breaks and invisible characters
/// escaped (`ReportText.line`), nested ones as Lua literals with the same characters escaped.
public struct ValuePrinter {
    /// Tables nested deeper than this print as `{…}`.
    public var maxDepth = 6
    /// Entries shown per table before `… N more`.
    public var maxEntries = 200
    /// Inline tables and lists up to this width stay on one line.
    public var lineWidth = 72

    let engine: RuleEngine?
    let state: LuaState?

    /// With an engine, resolution tables print as explained resolutions.
    public init(engine: RuleEngine?) {
        self.engine = engine
        self.state = engine?.state
    }

    /// All results of one evaluation, one per line (tab-separated scalars like `lua.c` would
    /// be less readable for tables, so each value gets its own block).
    public func render(_ values: [LuaValue]) -> String {
        values.map { render($0) }.joined(separator: "\n")
    }

    /// One top-level value: strings print as text on one line (`tostring` output), the rest as
    /// literals.
    public func render(_ value: LuaValue) -> String {
        switch value {
        case .string(let s): return ReportText.line(s)
        case .bytes: return ReportText.line(value.stringValue ?? "")
        case .table(let t):
            if let explained = explainResolution(t) { return explained }
            if let type = typeSummary(t) { return "type " + type }
            return table(t, depth: 0, open: [])
        default: return scalar(value)
        }
    }

    // MARK: scalars

    func scalar(_ value: LuaValue) -> String {
        switch value {
        case .nil: return "nil"
        case .boolean(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return Self.number(d)
        case .string(let s): return Self.quoted(s)
        case .bytes(let b): return Self.quoted(String(decoding: b, as: UTF8.self))
        case .function, .userdata, .thread, .table: return address(value)
        }
    }

    /// Lua's own float formatting (`%.14g`, and `.0` on integral values).
    static func number(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        let text = String(format: "%.14g", d)
        return text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) ? text : text + ".0"
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\\(scalar.value)"
                } else if ReportText.isControl(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `function: 0x…` through Lua's `tostring`, or the type name if that fails.
    func address(_ value: LuaValue) -> String {
        guard let state, case .function(let tostring) = state.getGlobal("tostring"),
            let text = (try? state.call(tostring, [value]))?.first?.stringValue
        else { return value.typeName }
        return ReportText.line(text)
    }

    // MARK: tables

    func key(_ k: LuaValue) -> String {
        if case .string(let s) = k, LuaState.isIdentifier(s) { return s }
        return "[" + scalar(k) + "]"
    }

    func table(_ t: LuaTableRef, depth: Int, open: [LuaTableRef]) -> String {
        if let index = open.firstIndex(where: { LuaValue.table($0) == .table(t) }) {
            let up = open.count - index
            return up == 1 ? "<cycle: this table>" : "<cycle: \(up) levels up>"
        }
        if depth >= maxDepth { return "{…}" }
        let pairs = t.pairs()
        if pairs.isEmpty { return "{}" }
        let open = open + [t]
        let isArray = t.arrayValues() != nil
        let shown = pairs.prefix(maxEntries)
        let items = shown.map { pair -> String in
            let value = nested(pair.value, depth: depth + 1, open: open)
            return isArray ? value : key(pair.key) + " = " + value
        }
        let more = pairs.count > shown.count ? ["… \(pairs.count - shown.count) more"] : []
        let inline = "{ " + (items + more).joined(separator: ", ") + " }"
        if !inline.contains("\n"), inline.count + depth * 2 <= lineWidth { return inline }
        let pad = String(repeating: "  ", count: depth + 1)
        let body = (items.map { $0 + "," } + more).map { pad + $0 }
        return (["{"] + body + [String(repeating: "  ", count: depth) + "}"]).joined(separator: "\n")
    }

    func nested(_ value: LuaValue, depth: Int, open: [LuaTableRef]) -> String {
        guard case .table(let t) = value else { return scalar(value) }
        if let type = typeSummary(t) { return "<type " + type + ">" }
        return table(t, depth: depth, open: open)
    }

    // MARK: uniform values

    /// A `uniform.type` result: `id (conforms to a, b)`. Recognised by its fields, so a table a
    /// rule built by hand with the same shape prints the same way.
    func typeSummary(_ t: LuaTableRef) -> String? {
        guard case .string(let id) = t["id"], case .table(let supertypes) = t["supertypes"],
            case .boolean = t["dynamic"], case .boolean = t["declared"]
        else { return nil }
        let names = (supertypes.arrayValues() ?? []).compactMap(\.stringValue)
        var text = id
        if case .boolean(true) = t["dynamic"] { text += " (dynamic)" }
        text += names.isEmpty ? " (conforms to nothing)" : " (conforms to " + names.joined(separator: ", ") + ")"
        return ReportText.line(text)
    }

    /// A `uniform.resolve` result (fields `handlers`, `query`, `type`): the query re-resolved
    /// and explained, so the reasons and rule touches come from the resolver itself.
    func explainResolution(_ t: LuaTableRef) -> String? {
        guard let engine, case .table = t["handlers"], case .table(let query) = t["query"], case .table = t["type"],
            let text = query["text"].stringValue
        else { return nil }
        let role = query["role"].stringValue.flatMap { RoleQuery(rawValue: $0) } ?? .all
        // Re-asked on the platform it was answered for (each platform is its own world).
        let platform = query["platform"].stringValue.flatMap(Platform.init(rawValue:))
        let world = engine.world(answering: platform)
        let q = Query(
            target: Target.parse(text, graph: world.graph, fileExists: { _ in false }, isDirectory: { _ in false }),
            role: role,
            from: query["from"].stringValue, text: text, platform: platform)
        guard let resolution = try? engine.resolve(q) else { return nil }
        let report = ResolutionReport(resolution, graph: world.graph).text(explain: true)
        return report.hasSuffix("\n") ? String(report.dropLast()) : report
    }
}
