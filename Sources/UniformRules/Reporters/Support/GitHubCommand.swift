import UniformCore

/// One GitHub Actions workflow command (`::error file=F,line=L::message`).
///
/// GitHub's escaping differs for the message ("data") and the properties: properties also
/// escape `:` and `,`, which otherwise end the property. Unescaped newlines would cut the
/// annotation short, so they are always encoded (`%0A`, `%0D`): a command is one line, and the
/// only line of the report that starts with `::`. Invisible characters are shown as
/// `ReportText` shows them, and `##[` as `#\u{23}[`.
struct GitHubCommand {
    var command: String
    var properties: [(String, String?)]
    var message: String

    var rendered: String {
        let props = properties.compactMap { key, value in value.map { "\(key)=\(Self.escapeProperty($0))" } }
        let head = props.isEmpty ? "::\(command)" : "::\(command) " + props.joined(separator: ",")
        return head + "::" + Self.escapeData(message)
    }

    static func escapeData(_ s: String) -> String {
        ReportText.inert(
            ReportText.line(
                s.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")))
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

extension String {
    /// Literal replacement over Unicode scalars (so `\r\n` is two replacements, not one
    /// grapheme), without Foundation's regex-flavoured API.
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar == target { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
