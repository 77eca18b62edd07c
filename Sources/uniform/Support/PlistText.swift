import Foundation
import UniformCore
import UniformPlist
import UniformRules

/// `plutil -p`-style rendering, each line ending with the value's position. Keys and strings
/// stay on their line (`ReportText.line`).
enum PlistText {
    static func render(_ node: PlistNode, indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        switch node.value {
        case .dictionary(let d):
            if d.entries.isEmpty { return "{}" }
            var lines = ["{"]
            for entry in d.entries {
                lines.append(
                    "\(pad)  \"\(ReportText.line(entry.key))\" => " + render(entry.value, indent: indent + 1)
                        + mark(entry.value))
            }
            lines.append(pad + "}")
            return lines.joined(separator: "\n")
        case .array(let a):
            if a.isEmpty { return "[]" }
            var lines = ["["]
            for (n, item) in a.enumerated() {
                lines.append("\(pad)  \(n) => " + render(item, indent: indent + 1) + mark(item))
            }
            lines.append(pad + "]")
            return lines.joined(separator: "\n")
        case .string(let s): return "\"\(ReportText.line(s))\""
        case .integer(let i): return String(i)
        case .unsignedInteger(let u): return String(u)
        case .real(let r): return String(r)
        case .boolean(let b): return b ? "true" : "false"
        case .date(let d): return ISO8601DateFormatter().string(from: d)
        case .data(let bytes):
            return "{length = \(bytes.count), bytes = 0x" + bytes.prefix(32).map { String(format: "%02x", $0) }.joined()
                + (bytes.count > 32 ? "…" : "") + "}"
        case .uid(let u): return "<CFKeyedArchiverUID>{value = \(u)}"
        }
    }

    private static func mark(_ node: PlistNode) -> String {
        switch node.value {
        case .dictionary, .array: return ""
        default: return "    // \(node.mark)"
        }
    }
}
