import Foundation
import UniformPlist

/// JSON with object keys in insertion order, so documented output is stable byte for byte.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        a.rendered(pretty: false) == b.rendered(pretty: false)
    }

    public static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    public static func optional(_ i: Int?) -> JSONValue { i.map(JSONValue.int) ?? .null }

    public func rendered(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d):
            if d.isFinite {
                out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) + ".0" : "\(d)"
            } else {
                out += "null"
            }
        case .string(let s): Self.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (n, item) in items.enumerated() {
                if n > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (n, (key, value)) in members.enumerated() {
                if n > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.escape(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// A JSON string. Besides what JSON requires, the invisible characters `ReportText` escapes
    /// are written `\uXXXX`, and the second `#` of `##[` as `\u0023`, so a document printed to
    /// a CI log cannot hold a workflow command (see `ReportText`); parsers read the same text.
    static func escape(_ s: String, into out: inout String) {
        out += "\""
        var previous: (Unicode.Scalar?, Unicode.Scalar?) = (nil, nil)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "[" where previous == ("#", "#"):
                out.unicodeScalars.removeLast()
                out += "\\u0023["
            default:
                if scalar.value < 0x20 || ReportText.isControl(scalar) {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            previous = (previous.1, scalar)
        }
        out += "\""
    }
}

extension JSONValue {
    /// A plist value as JSON: dates as ISO 8601 strings, data as base64, UIDs as
    /// `{"CF$UID": n}` (the keyed-archiver convention).
    public init(plist node: PlistNode) {
        switch node.value {
        case .dictionary(let d):
            var seen = Set<String>()
            var members: [(String, JSONValue)] = []
            // The last of duplicate keys wins (as in the plist), at the place it appears; built
            // backwards and reversed once (inserting at the front was quadratic).
            for entry in d.entries.reversed() where seen.insert(entry.key).inserted {
                members.append((entry.key, JSONValue(plist: entry.value)))
            }
            members.reverse()
            self = .object(members)
        case .array(let a): self = .array(a.map(JSONValue.init(plist:)))
        case .string(let s): self = .string(s)
        case .integer(let i): self = .int(Int(i))
        case .unsignedInteger(let u): self = .double(Double(u))
        case .real(let r): self = .double(r)
        case .boolean(let b): self = .bool(b)
        case .date(let d): self = .string(ISO8601DateFormatter().string(from: d))
        case .data(let bytes): self = .string(Data(bytes).base64EncodedString())
        case .uid(let u): self = .object([("CF$UID", .int(Int(u)))])
        }
    }

    public init(_ location: SourceLocation) {
        if location.line != nil {
            self = .object([
                ("file", .string(location.file)), ("line", .optional(location.line)),
                ("column", .optional(location.column)),
            ])
        } else {
            self = .object([("file", .string(location.file)), ("line", .null), ("offset", .optional(location.offset))])
        }
    }
}
