import UniformCore

/// Helpers for TAP 13 output.
enum TAPText {
    /// A test-line description: one line (line breaks and invisible characters shown as
    /// escapes, `ReportText.line`), then `\\` and `#` escaped because `#` starts a directive.
    static func description(_ s: String) -> String {
        ReportText.line(s).replacingAll("\\", with: "\\\\").replacingAll("#", with: "\\#")
    }

    /// A YAML diagnostics block (`  ---` … `  ...`). Values are written as JSON scalars,
    /// which are valid YAML, so no message can break the block.
    static func diagnostics(_ members: [(String, JSONValue)]) -> String {
        var out = "  ---\n"
        for (key, value) in members {
            out += "  \(key): \(value.rendered(pretty: false))\n"
        }
        return out + "  ...\n"
    }
}
