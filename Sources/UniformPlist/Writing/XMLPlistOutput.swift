import Foundation

/// The growing text of `PlistWriter.xml`. Recursive: trees handed to the writer come from the
/// reader (whose depth limit bounds nesting) or from code, never from untrusted bytes directly.
struct XMLPlistOutput {
    private(set) var text = ""

    mutating func append(_ string: String) {
        text += string
    }

    private mutating func indent(_ level: Int) {
        for _ in 0..<level { text += "\t" }
    }

    mutating func write(_ value: PlistValue, indent level: Int) {
        indent(level)
        switch value {
        case .dictionary(let dictionary):
            if dictionary.entries.isEmpty {
                text += "<dict/>\n"
                return
            }
            text += "<dict>\n"
            for entry in dictionary.entries {
                indent(level + 1)
                text += "<key>"
                appendEscaped(entry.key)
                text += "</key>\n"
                write(entry.value.value, indent: level + 1)
            }
            indent(level)
            text += "</dict>\n"
        case .array(let items):
            if items.isEmpty {
                text += "<array/>\n"
                return
            }
            text += "<array>\n"
            for item in items { write(item.value, indent: level + 1) }
            indent(level)
            text += "</array>\n"
        case .string(let string):
            text += "<string>"
            appendEscaped(string)
            text += "</string>\n"
        case .integer(let integer):
            text += "<integer>\(integer)</integer>\n"
        case .unsignedInteger(let integer):
            text += "<integer>\(integer)</integer>\n"
        case .real(let real):
            text += "<real>\(Self.format(real))</real>\n"
        case .boolean(let boolean):
            text += boolean ? "<true/>\n" : "<false/>\n"
        case .date(let date):
            text += "<date>\(Self.format(date))</date>\n"
        case .data(let bytes):
            text += "<data>\n"
            let encoded = Data(bytes).base64EncodedString()
            var start = encoded.startIndex
            while start < encoded.endIndex {
                let stop = encoded.index(start, offsetBy: 68, limitedBy: encoded.endIndex) ?? encoded.endIndex
                indent(level)
                text += encoded[start..<stop]
                text += "\n"
                start = stop
            }
            indent(level)
            text += "</data>\n"
        case .uid(let uid):
            text += "<dict>\n"
            indent(level + 1)
            text += "<key>CF$UID</key>\n"
            indent(level + 1)
            text += "<integer>\(uid)</integer>\n"
            indent(level)
            text += "</dict>\n"
        }
    }

    /// Escapes what XML requires, plus control characters (as character references) and `\r`
    /// (which XML parsers would otherwise turn into `\n`).
    private mutating func appendEscaped(_ string: String) {
        var needsWork = false
        for byte in string.utf8
        where byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || (byte < 0x20 && byte != 0x0A && byte != 0x09)
        {
            needsWork = true
            break
        }
        guard needsWork else {
            text += string
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\n", "\t": text.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: text += "&#\(scalar.value);"
            default: text.unicodeScalars.append(scalar)
            }
        }
    }

    /// Shortest text that reads back to the same `Double`.
    static func format(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-inf" : "inf" }
        return "\(real)"
    }

    /// `2024-01-02T03:04:05Z`; fractions of a second are dropped, as Apple's writer does.
    static func format(_ date: Date) -> String {
        let total = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = total / 86_400
        var seconds = total % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var yearText = String(abs(year))
        while yearText.count < 4 { yearText = "0" + yearText }
        if year < 0 { yearText = "-" + yearText }
        return
            "\(yearText)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))Z"
    }

    /// Inverse of `ISO8601DateParser.daysFromCivil` (H. Hinnant's algorithm).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
