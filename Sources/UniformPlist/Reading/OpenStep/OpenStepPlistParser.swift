import Foundation

/// Reads OpenStep ("old-style ASCII") property lists: `{ key = value; }`, `( a, b )`,
/// `<hex data>`, quoted and bare strings, `//` and `/* */` comments.
///
/// Every scalar is a string, as Foundation reads them. A top level of `key = value;` pairs
/// without braces (the `.strings` file form) is read as a dictionary.
struct OpenStepPlistParser {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var pos = 0
    private let lines: LineIndex
    private let file: String
    private let limits: PlistLimits
    private var objectCount = 0
    private(set) var comments: [PlistComment] = []

    init(base: UnsafePointer<UInt8>, count: Int, lines: LineIndex, file: String, limits: PlistLimits) {
        self.base = base
        self.end = count
        self.lines = lines
        self.file = file
        self.limits = limits
    }

    mutating func parseDocument() throws(PlistError) -> PlistNode {
        if ByteScanning.matches("\u{FEFF}", in: base, at: 0, end: end) { pos = 3 }
        try skipTrivia()
        guard pos < end else {
            throw error("the file holds only whitespace and comments; expected a property list", at: pos)
        }
        let rootStart = pos
        let root: PlistNode
        if isStringStart(base[pos]) && looksLikeStringsFile() {
            root = PlistNode(
                .dictionary(try parseEntries(depth: 1, closing: nil, openedAt: rootStart)),
                mark: lines.mark(at: rootStart))
        } else {
            root = try parseValue(depth: 1)
        }
        try skipTrivia()
        if pos < end {
            throw error(
                "unexpected \(found()) after the end of the property list; a plist holds exactly one root value",
                at: pos)
        }
        return root
    }

    /// Whether the first string is followed by `=` (the braceless `.strings` form).
    private func looksLikeStringsFile() -> Bool {
        var copy = self
        guard (try? copy.parseString()) != nil else { return false }
        guard (try? copy.skipTrivia()) != nil else { return false }
        return copy.pos < end && copy.base[copy.pos] == UInt8(ascii: "=")
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(PlistError) -> PlistNode {
        try skipTrivia()
        let start = pos
        guard pos < end else { throw error("expected a value, found end of file", at: pos) }
        objectCount += 1
        if objectCount > limits.maxObjects {
            throw error("more than \(limits.maxObjects) objects (PlistLimits.maxObjects)", at: start)
        }
        let byte = base[pos]
        switch byte {
        case UInt8(ascii: "{"):
            try checkDepth(depth, at: start)
            let mark = lines.mark(at: start)
            pos += 1
            return PlistNode(
                .dictionary(try parseEntries(depth: depth, closing: UInt8(ascii: "}"), openedAt: start)), mark: mark)
        case UInt8(ascii: "("):
            try checkDepth(depth, at: start)
            let mark = lines.mark(at: start)
            pos += 1
            var items: [PlistNode] = []
            while true {
                try skipTrivia()
                if pos < end && base[pos] == UInt8(ascii: ")") {
                    pos += 1
                    break
                }
                items.append(try parseValue(depth: depth + 1))
                try skipTrivia()
                guard pos < end else {
                    throw error(
                        "end of file inside the array opened at \(lines.mark(at: start)); expected ',' or ')'", at: pos)
                }
                if base[pos] == UInt8(ascii: ",") {
                    pos += 1
                    continue
                }
                if base[pos] == UInt8(ascii: ")") {
                    pos += 1
                    break
                }
                throw error(
                    "expected ',' or ')' in the array opened at \(lines.mark(at: start)), found \(found())", at: pos)
            }
            return PlistNode(.array(items), mark: mark)
        case UInt8(ascii: "<"):
            return PlistNode(.data(try parseData()), mark: lines.mark(at: start))
        default:
            guard isStringStart(byte) else {
                throw error("expected a value ('{', '(', '<', a quoted or bare string), found \(found())", at: pos)
            }
            let mark = lines.mark(at: start)
            return PlistNode(.string(try parseString()), mark: mark)
        }
    }

    /// `key = value;` pairs up to `closing` (or the end of file when `closing` is nil).
    private mutating func parseEntries(
        depth: Int, closing: UInt8?, openedAt start: Int
    ) throws(PlistError) -> PlistDictionary {
        var entries: [PlistEntry] = []
        while true {
            try skipTrivia()
            if let closing, pos < end, base[pos] == closing {
                pos += 1
                break
            }
            if pos >= end {
                if closing == nil { break }
                throw error(
                    "end of file inside the dictionary opened at \(lines.mark(at: start)); expected '}'", at: pos)
            }
            guard isStringStart(base[pos]) else {
                throw error("expected a key (a quoted or bare string) or '}', found \(found())", at: pos)
            }
            let keyMark = lines.mark(at: pos)
            let key = try parseString()
            try skipTrivia()
            guard pos < end, base[pos] == UInt8(ascii: "=") else {
                throw error("expected '=' after key '\(key)', found \(found())", at: pos)
            }
            pos += 1
            let value = try parseValue(depth: depth + 1)
            entries.append(PlistEntry(key: key, keyMark: keyMark, value: value))
            try skipTrivia()
            if pos < end && base[pos] == UInt8(ascii: ";") {
                pos += 1
            } else if let closing, pos < end, base[pos] == closing {
                continue // a missing last ';' is tolerated
            } else if closing == nil && pos >= end {
                continue
            } else {
                throw error("expected ';' after the value of '\(key)', found \(found())", at: pos)
            }
        }
        return PlistDictionary(entries: entries)
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistError) {
        if depth > limits.maxDepth {
            throw error("nesting deeper than \(limits.maxDepth) levels (PlistLimits.maxDepth)", at: offset)
        }
    }

    // MARK: Scalars

    @inline(__always)
    private func isBareStringByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private func isStringStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isBareStringByte(byte)
    }

    private mutating func parseString() throws(PlistError) -> String {
        let quote = base[pos]
        if quote != UInt8(ascii: "\"") && quote != UInt8(ascii: "'") {
            let start = pos
            while pos < end && isBareStringByte(base[pos]) { pos += 1 }
            return String(decoding: UnsafeBufferPointer(start: base + start, count: pos - start), as: UTF8.self)
        }
        let start = pos
        pos += 1
        let contentStart = pos
        // Fast path: no escapes.
        while pos < end && base[pos] != quote && base[pos] != UInt8(ascii: "\\") { pos += 1 }
        if pos < end && base[pos] == quote {
            pos += 1
            return String(
                decoding: UnsafeBufferPointer(start: base + contentStart, count: pos - 1 - contentStart), as: UTF8.self)
        }
        var buffer = Array(UnsafeBufferPointer(start: base + contentStart, count: pos - contentStart))
        while pos < end {
            let byte = base[pos]
            if byte == quote {
                pos += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                pos += 1
                continue
            }
            let escapeStart = pos
            pos += 1
            guard pos < end else { break }
            let escaped = base[pos]
            pos += 1
            switch escaped {
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "a"): buffer.append(0x07)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "v"): buffer.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, pos < end, base[pos] >= UInt8(ascii: "0"), base[pos] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(base[pos] - UInt8(ascii: "0"))
                    pos += 1
                    digits += 1
                }
                // Octal escapes denote NeXTSTEP-encoding bytes; the ASCII half maps directly.
                appendScalar(value > 0xFF ? 0xFFFD : value, to: &buffer)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, pos < end, let digit = hexValue(base[pos]) {
                    value = value * 16 + UInt32(digit)
                    pos += 1
                    digits += 1
                }
                guard digits > 0 else {
                    throw error("\\U escape without hex digits; expected \\U followed by 4 hex digits", at: escapeStart)
                }
                appendScalar(value, to: &buffer)
            default:
                buffer.append(escaped) // \" \\ \' and anything else: the character itself
            }
        }
        throw error(
            "unterminated quoted string; expected a closing \(quote == UInt8(ascii: "'") ? "'" : "\"")", at: start)
    }

    private func appendScalar(_ value: UInt32, to buffer: inout [UInt8]) {
        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { buffer.append($0) }
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private mutating func parseData() throws(PlistError) -> [UInt8] {
        let start = pos
        pos += 1
        var output: [UInt8] = []
        var high: UInt8? = nil
        while pos < end {
            let byte = base[pos]
            pos += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw error("odd number of hex digits in <data>", at: start) }
                return output
            }
            if ByteScanning.isWhitespace(byte) { continue }
            guard let digit = hexValue(byte) else {
                throw error(
                    "invalid character \(ByteScanning.excerpt(base, at: pos - 1, end: end, limit: 1)) in <hex data>; expected hex digits",
                    at: pos - 1)
            }
            if let h = high {
                output.append(h << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        throw error("unterminated <hex data>; expected '>'", at: start)
    }

    // MARK: Trivia

    /// Whitespace and comments; comments are collected with their marks.
    private mutating func skipTrivia() throws(PlistError) {
        while pos < end {
            let byte = base[pos]
            if ByteScanning.isWhitespace(byte) || byte == 0x0B || byte == 0x0C {
                pos += 1
            } else if byte == UInt8(ascii: "/") && pos + 1 < end && base[pos + 1] == UInt8(ascii: "/") {
                let start = pos
                var stop = pos + 2
                while stop < end && base[stop] != 0x0A && base[stop] != 0x0D { stop += 1 }
                addComment(from: start, textStart: start + 2, textEnd: stop)
                pos = stop
            } else if byte == UInt8(ascii: "/") && pos + 1 < end && base[pos + 1] == UInt8(ascii: "*") {
                let start = pos
                var stop = pos + 2
                while stop + 1 < end && !(base[stop] == UInt8(ascii: "*") && base[stop + 1] == UInt8(ascii: "/")) {
                    stop += 1
                }
                guard stop + 1 < end else { throw error("unterminated /* comment; expected */", at: start) }
                addComment(from: start, textStart: start + 2, textEnd: stop)
                pos = stop + 2
            } else {
                return
            }
        }
    }

    /// A pbxproj has a comment on nearly every reference (`/* Foo.swift */`): ASCII blanks are
    /// trimmed on the bytes; Foundation's trimming (the specification) only sees the rare
    /// comment that starts or ends with a non-ASCII byte, where Unicode spaces may be.
    private mutating func addComment(from start: Int, textStart: Int, textEnd: Int) {
        var first = textStart, last = textEnd
        while first < last, Self.isASCIIBlank(base[first]) { first += 1 }
        while last > first, Self.isASCIIBlank(base[last - 1]) { last -= 1 }
        var text = String(decoding: UnsafeBufferPointer(start: base + first, count: last - first), as: UTF8.self)
        if first < last, base[first] >= 0x80 || base[last - 1] >= 0x80 {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        comments.append(PlistComment(text: text, mark: lines.mark(at: start)))
    }

    /// The ASCII members of `CharacterSet.whitespacesAndNewlines`.
    private static func isASCIIBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    private func found() -> String {
        ByteScanning.excerpt(base, at: pos, end: end, limit: 16)
    }

    private func error(_ message: String, at offset: Int) -> PlistError {
        PlistError(file: file, mark: lines.mark(at: min(offset, end)), message: message)
    }
}
