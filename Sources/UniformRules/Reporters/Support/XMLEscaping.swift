import UniformCore

/// Escaping for the XML reporters (JUnit).
///
/// Messages come from user Lua and from manifests, so they may hold `<&>`, quotes and even
/// control characters that XML 1.0 forbids outright (no escape exists for them): those are
/// dropped, so the document always parses. The invisible characters `ReportText` escapes are
/// written as character references. A report printed to a CI log holds no workflow command: a text line starting with `::` and every `##[` get a character reference
/// (`ReportText.inert`), which parsers read back as the same text.
enum XMLEscaping {
    /// Text content: `&`, `<`, `>` escaped; invalid characters removed.
    static func text(_ s: String) -> String { ReportText.inert(escape(s, attribute: false), form: .xml) }

    /// Attribute values (double-quoted): also quotes, and line breaks and tabs as character
    /// references, because parsers normalise literal ones in attributes to spaces.
    static func attribute(_ s: String) -> String { ReportText.inert(escape(s, attribute: true), form: .xml) }

    static func isValid(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars where isValid(scalar) {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            // DEL, C1, bidi and other invisible characters: references, which read back the same.
            case _ where ReportText.isControl(scalar): out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
