/// Text that came from manifests, file names or rules, made safe for a terminal and a CI log:
/// control characters (C0 except tab and newline, DEL, C1 — the escape sequences that move a
/// cursor or rewrite a log line) become visible `\u{1B}` escapes, NUL included, and so do the
/// invisible format characters (zero-width spaces and joiners, bidirectional overrides, the byte
/// order mark): a finding about `com.microsoft.waveform-\u{200B}audio` must show what is wrong,
/// and a bidi override must not reorder a log line. A line that would start a GitHub workflow
/// command (`::` or `##[`) is shifted by a space.
public enum ReportText {
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Every line of a report, none of them able to start a workflow command.
    public static func inert(_ line: String) -> String {
        line.split(separator: "\n", omittingEmptySubsequences: false).map { part in
            part.hasPrefix("::") || part.hasPrefix("##[") ? " " + part : String(part)
        }.joined(separator: "\n")
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A) || v == 0x7F || (0x80...0x9F).contains(v)
            || (0x200B...0x200F).contains(v) || (0x202A...0x202E).contains(v) || (0x2060...0x2064).contains(v)
            || (0x2066...0x2069).contains(v) || v == 0xFEFF
    }
}
