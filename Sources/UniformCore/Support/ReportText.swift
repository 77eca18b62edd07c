/// Text that came from input — manifests, project and settings files, file names, Lua rule and
/// test files — made safe for a terminal and a CI log. A hostile pull request controls all of
/// it, and a CI runner reads the log line by line: GitHub's runner takes a line whose first
/// non-blank characters are `::` for a workflow command (`::error …::`, `::add-mask::`,
/// `::stop-commands::`), its legacy parser takes `##[` anywhere in a line, and an Xcode Run
/// Script takes `path:line: error: …` lines for issues. So no input may start a line.
///
/// The escaping form, everywhere the tool writes text for people:
/// - a line break from input is shown as `\n` (`\r` as `\r`), so an input string always stays
///   on the one line it was written in (`line`);
/// - other control characters (C0 but tab, DEL, C1: the escape sequences that move a cursor or
///   rewrite a log line), invisible format characters (zero-width spaces and joiners, the
///   bidirectional marks, embeddings, overrides and isolates, the byte order mark) and the
///   Unicode line and paragraph separators are shown as `\u{HEX}`: a finding about
///   `com.microsoft.waveform-\u{200B}audio` shows what is wrong, and a bidi override cannot
///   reorder a log line;
/// - a line whose first non-blank characters are `::` has its first colon written `\u{3A}`,
///   and `##[` anywhere is written `#\u{23}[` (`inert`): the final guard at every sink, which
///   also catches what pieces put together (a `#` ending one piece and `#[` starting the next).
///
/// Every escape names the character it replaces, so the text still says exactly what the input
/// held; backslashes themselves are not escaped. XML and JSON documents use their own escapes
/// for the same guard (`&#58;`/`&#35;`, `\u0023`), so they stay valid and read back unchanged.
/// Multi-line text the tool lays out itself keeps its line breaks (`visible`); the pieces it
/// puts in are escaped with `line` first.
public enum ReportText {
    /// One line: every line break and control, format or bidi character escaped.
    public static func line(_ text: String) -> String { escaped(text, keepingLineBreaks: false) }

    /// Text whose line breaks are the tool's own: control, format and bidi characters escaped,
    /// `\n` kept.
    public static func visible(_ text: String) -> String { escaped(text, keepingLineBreaks: true) }

    /// How a document writes a character the guard takes out of a workflow-command marker.
    public enum Form: Sendable {
        /// `\u{3A}`: terminals, logs, the text-like reports.
        case text
        /// `&#58;`: XML text and attribute values (JUnit, XML property lists, SVG).
        case xml
        /// `\u003A`: JSON strings (the only place JSON can hold such characters).
        case json

        func escape(_ scalar: Unicode.Scalar) -> String {
            switch self {
            case .text: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            case .xml: "&#" + String(scalar.value) + ";"
            case .json:
                "\\u" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
                    + String(scalar.value, radix: 16, uppercase: true)
            }
        }
    }

    /// Every line of a text, none of them able to start a workflow command: a line whose first
    /// non-blank characters are `::` gets its first colon escaped, and every `##[` its second
    /// `#`. Blank means what GitHub's runner trims (Unicode white space), and to be safe the
    /// characters `isControl` names as well. Nothing else changes.
    public static func inert(_ text: String, form: Form = .text) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")) || text.utf8.contains(UInt8(ascii: "#")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var atLineStart = true
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "\n" || scalar == "\r" {
                atLineStart = true
            } else if atLineStart && scalar == ":" && i + 1 < scalars.count && scalars[i + 1] == ":" {
                out.append(contentsOf: form.escape(scalar).unicodeScalars)
                atLineStart = false
                i += 1
                continue
            } else if !scalar.properties.isWhitespace && !isControl(scalar) {
                atLineStart = false
            }
            if scalar == "#" && i + 2 < scalars.count && scalars[i + 1] == "#" && scalars[i + 2] == "[" {
                out.append(scalar)
                out.append(contentsOf: form.escape("#").unicodeScalars)
                i += 2
                continue
            }
            out.append(scalar)
            i += 1
        }
        return String(out)
    }

    /// Whether a character is shown as an escape: C0 controls but tab and newline, DEL, C1,
    /// the invisible format characters and the line and paragraph separators.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A) || v == 0x7F || (0x80...0x9F).contains(v) || v == 0x061C
            || (0x200B...0x200F).contains(v) || (0x2028...0x202E).contains(v) || (0x2060...0x2064).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0xFEFF
    }

    private static func escaped(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || (!keepingLineBreaks && $0 == "\n") }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingLineBreaks: out.append(scalar)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case _ where isControl(scalar): out.append(contentsOf: Form.text.escape(scalar).unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
