import Foundation

/// Reads Apple's XML plist format straight from bytes.
///
/// The input has already been checked for valid UTF-8 and NUL bytes (see `TextValidator`), so
/// strings are built once per token with `String(decoding:as:)` and no per-character work.
/// Nesting is checked against `PlistLimits.maxDepth` before recursing, which is what keeps a
/// 100,000-deep file from overflowing the stack.
///
/// Lines are counted as the parser moves, not in a pass of their own: in real files nearly every
/// newline sits in the whitespace between elements, which is skipped a word at a time anyway, so
/// counting there costs a few instructions per gap; the fixed tags (`<key>`, `</string>`) and
/// plain text without a newline move `pos` without counting. Only the rare paths (attributes,
/// comments, CDATA, multi-line text) count the bytes they pass over. An error, which may name an
/// earlier position, counts again from the start of the file.
struct XMLPlistParser {
    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var pos = 0
    /// The 1-based line of `pos`, and the offset that line starts at.
    private var line = 1
    private var lineStart = 0
    private let file: String
    private let limits: PlistLimits
    private var objectCount = 0
    private(set) var comments: [PlistComment] = []
    private(set) var strayText: [PlistComment] = []
    /// Children of the containers being parsed, shared by all levels: each container copies its
    /// own run out once, so its array is allocated once at the right size instead of growing.
    private let entryStack = ChildStack<PlistEntry>()
    private let itemStack = ChildStack<PlistNode>()
    private var interner: StringInterner

    init(base: UnsafePointer<UInt8>, count: Int, file: String, limits: PlistLimits) {
        self.base = base
        self.end = count
        self.file = file
        self.limits = limits
        interner = StringInterner(inputSize: count)
    }

    // MARK: Document

    mutating func parseDocument() throws(PlistError) -> PlistNode {
        if ByteScanning.matches("\u{FEFF}", in: base, at: 0, end: end) { pos = 3 }
        try skipProlog()
        guard pos < end else {
            throw error("the file has an XML header but no property list; expected <plist>", at: pos)
        }
        let root: PlistNode
        if let tag = peekOpenTag(), tag.element == .plist {
            let plistStart = pos
            let open = try readOpenTag()
            if open.selfClosing { throw error("empty <plist/>; expected a value inside <plist>", at: plistStart) }
            try skipMisc()
            if ByteScanning.matches("</", in: base, at: pos, end: end) {
                throw error(
                    "empty <plist>; expected one of \(XMLElementName.valueElementList), found \(found())", at: pos)
            }
            root = try parseValue(depth: 1)
            try skipMisc()
            try expectClose(.plist, openedAt: plistStart)
        } else {
            root = try parseValue(depth: 1)
        }
        try skipEpilogue()
        return root
    }

    /// `<?xml ...?>`, DOCTYPE, comments and whitespace before the root element.
    private mutating func skipProlog() throws(PlistError) {
        while true {
            skipWhitespace()
            if ByteScanning.matches("<?", in: base, at: pos, end: end) {
                try skipProcessingInstruction()
            } else if ByteScanning.matches("<!--", in: base, at: pos, end: end) {
                try readComment()
            } else if ByteScanning.matches("<!DOCTYPE", in: base, at: pos, end: end) {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipEpilogue() throws(PlistError) {
        while true {
            skipWhitespace()
            if ByteScanning.matches("<!--", in: base, at: pos, end: end) {
                try readComment()
            } else if ByteScanning.matches("<?", in: base, at: pos, end: end) {
                try skipProcessingInstruction()
            } else if pos < end {
                throw error(
                    "unexpected \(found()) after the end of the property list; a plist holds exactly one root value",
                    at: pos)
            } else {
                return
            }
        }
    }

    private mutating func skipProcessingInstruction() throws(PlistError) {
        let start = pos
        guard let close = find("?>", from: pos + 2) else {
            throw error("unterminated <? ... ?> declaration", at: start)
        }
        advance(to: close + 2)
    }

    /// A DOCTYPE is skipped, but one with an internal subset declaring entities is refused:
    /// expanding user-defined entities is how "billion laughs" files exhaust memory, and no
    /// real plist needs them.
    private mutating func skipDoctype() throws(PlistError) {
        let start = pos
        pos += 9
        var quote: UInt8 = 0
        while pos < end {
            let byte = base[pos]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                if let subsetEnd = ByteScanning.find(UInt8(ascii: "]"), in: base, from: pos, end: end),
                    find("<!ENTITY", from: pos, before: subsetEnd) == nil
                {
                    pos = subsetEnd
                } else {
                    throw error(
                        "DOCTYPE with an internal subset declaring entities is not allowed in a property list (entity expansion is refused); remove the [ ... ] part",
                        at: start)
                }
            } else if byte == UInt8(ascii: ">") {
                pos += 1
                countLines(from: start)
                return
            }
            pos += 1
        }
        throw error("unterminated <!DOCTYPE", at: start)
    }

    // MARK: Values

    /// A value at `pos`; every caller has already skipped the whitespace and comments before it
    /// (skipping again cost a call per value for nothing).
    private mutating func parseValue(depth: Int) throws(PlistError) -> PlistNode {
        let start = pos
        guard pos < end, base[pos] == UInt8(ascii: "<"), pos + 1 < end, base[pos + 1] != UInt8(ascii: "/") else {
            throw error("expected one of \(XMLElementName.valueElementList), found \(found())", at: pos)
        }
        let mark = markHere()
        let tag = try readOpenTag()
        objectCount += 1
        if objectCount > limits.maxObjects {
            throw error(
                "more than \(limits.maxObjects) objects (PlistLimits.maxObjects); the file is not a plausible manifest",
                at: start)
        }
        guard let element = tag.element else {
            let name = String(
                decoding: UnsafeBufferPointer(start: base + tag.nameStart, count: tag.nameCount), as: UTF8.self)
            throw error("unknown element <\(name)>; expected one of \(XMLElementName.valueElementList)", at: start)
        }
        switch element {
        case .dict:
            if tag.selfClosing { return PlistNode(.dictionary(PlistDictionary()), mark: mark) }
            try checkDepth(depth, at: start)
            return PlistNode(.dictionary(try parseDictionaryBody(depth: depth, openedAt: start)), mark: mark)
        case .array:
            if tag.selfClosing { return PlistNode(.array([]), mark: mark) }
            try checkDepth(depth, at: start)
            let stackStart = itemStack.count
            while true {
                try skipMisc()
                if ByteScanning.matches("</", in: base, at: pos, end: end) {
                    try expectClose(.array, openedAt: start)
                    let items = itemStack.pop(from: stackStart)
                    return PlistNode(.array(items), mark: mark)
                }
                if try skipStrayText() { continue }
                let item = try parseValue(depth: depth + 1)
                itemStack.push(item)
            }
        case .string:
            return PlistNode(.string(try readText(.string, tag: tag, openedAt: start)), mark: mark)
        case .integer:
            let text = try readRawText(.integer, tag: tag, openedAt: start)
            guard let value = text.withBytes({ IntegerText.parse($0) }) else {
                throw error(
                    "invalid <integer> '\(text.withBytes { String(decoding: $0, as: UTF8.self) })'; expected a decimal (or 0x hex) number in the 64-bit range",
                    at: start)
            }
            return PlistNode(value, mark: mark)
        case .real:
            let text = try readRawText(.real, tag: tag, openedAt: start)
            let trimmed = text.withBytes {
                $0.isEmpty ? "" : ByteScanning.trimmedString($0.baseAddress!, from: 0, to: $0.count)
            }
            guard let value = Self.parseReal(trimmed) else {
                throw error("invalid <real> '\(trimmed)'; expected a number such as 1.5, -2e10, nan or inf", at: start)
            }
            return PlistNode(.real(value), mark: mark)
        case .true, .false:
            if !tag.selfClosing {
                skipWhitespace()
                try expectClose(element, openedAt: start)
            }
            return PlistNode(.boolean(element == .true), mark: mark)
        case .date:
            let text = try readRawText(.date, tag: tag, openedAt: start)
            guard let date = text.withBytes({ ISO8601DateParser.parse(Self.trimmed($0)) }) else {
                throw error(
                    "invalid <date> '\(text.withBytes { String(decoding: $0, as: UTF8.self) })'; expected ISO 8601 such as 2024-01-02T03:04:05Z",
                    at: start)
            }
            return PlistNode(.date(date), mark: mark)
        case .data:
            let text = try readRawText(.data, tag: tag, openedAt: start)
            switch text.withBytes({ Base64Decoder.decode($0) }) {
            case .success(let bytes):
                return PlistNode(.data(bytes), mark: mark)
            case .failure(let failure):
                let offset = text.direct?.baseAddress.map { base.distance(to: $0) } ?? start
                throw error(
                    "invalid base64 in <data>; only A-Z a-z 0-9 + / = and whitespace are allowed",
                    at: offset + failure.offset)
            }
        case .key:
            throw error("<key> outside a <dict>; expected one of \(XMLElementName.valueElementList)", at: start)
        case .plist:
            throw error("nested <plist>; expected one of \(XMLElementName.valueElementList)", at: start)
        }
    }

    private mutating func parseDictionaryBody(depth: Int, openedAt start: Int) throws(PlistError) -> PlistDictionary {
        let stackStart = entryStack.count
        while true {
            try skipMisc()
            if ByteScanning.matches("</", in: base, at: pos, end: end) {
                try expectClose(.dict, openedAt: start)
                let entries = entryStack.pop(from: stackStart)
                return PlistDictionary(entries: entries)
            }
            if try skipStrayText() { continue }
            let keyStart = pos
            guard pos < end, base[pos] == UInt8(ascii: "<") else {
                throw error(
                    "end of file inside the <dict> opened at \(markForMessage(at: start)); expected <key> or </dict>",
                    at: pos)
            }
            let keyMark = markHere()
            let tag = try readOpenTag()
            guard tag.element == .key else {
                throw error(
                    "expected <key> or </dict> in the <dict> opened at \(markForMessage(at: start)), found \(found(at: keyStart))",
                    at: keyStart)
            }
            let key = try readText(.key, tag: tag, openedAt: keyStart)
            try skipMisc()
            if ByteScanning.matches("</", in: base, at: pos, end: end) || pos >= end {
                throw error(
                    "key '\(key)' has no value; expected one of \(XMLElementName.valueElementList), found \(found())",
                    at: pos)
            }
            let value = try parseValue(depth: depth + 1)
            entryStack.push(PlistEntry(key: key, keyMark: keyMark, value: value))
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistError) {
        if depth > limits.maxDepth {
            throw error(
                "nesting deeper than \(limits.maxDepth) levels (PlistLimits.maxDepth); the file is not a plausible manifest",
                at: offset)
        }
    }

    static func parseReal(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard !text.isEmpty else { return nil }
        return Double(text)
    }

    static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, stop = text.count
        while start < stop, ByteScanning.isWhitespace(text[start]) { start += 1 }
        while stop > start, ByteScanning.isWhitespace(text[stop - 1]) { stop -= 1 }
        return UnsafeBufferPointer(rebasing: text[start..<stop])
    }

    // MARK: Tags

    struct OpenTag {
        var element: XMLElementName?
        var nameStart: Int
        var nameCount: Int
        var selfClosing: Bool
    }

    /// Reads `<name attr="...">` or `<name/>` at `pos`.
    private mutating func readOpenTag() throws(PlistError) -> OpenTag {
        if let tag = readCommonOpenTag() { return tag }
        let start = pos
        pos += 1
        let nameStart = pos
        while pos < end {
            let byte = base[pos]
            if ByteScanning.isWhitespace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { break }
            pos += 1
        }
        let nameCount = pos - nameStart
        if nameCount == 0 { throw error("expected an element name after '<', found \(found())", at: start) }
        var quote: UInt8 = 0
        while pos < end {
            let byte = base[pos]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                let selfClosing = base[pos - 1] == UInt8(ascii: "/")
                pos += 1
                countLines(from: start)
                return OpenTag(
                    element: XMLElementName(base, start: nameStart, count: nameCount),
                    nameStart: nameStart, nameCount: nameCount, selfClosing: selfClosing)
            } else if byte == UInt8(ascii: "<") {
                break
            }
            pos += 1
        }
        throw error("unterminated tag \(found(at: start)); expected '>'", at: start)
    }

    /// The tags real files use, spelled exactly (`<key>`, `<string>`, `<true/>`, ...), each
    /// matched in one comparison; anything else (attributes, spaces, unknown names, the last
    /// bytes of the file) takes the general path.
    @inline(__always)
    private mutating func readCommonOpenTag() -> OpenTag? {
        guard pos + 16 <= end else { return nil }
        @inline(__always) func tag(
            _ literal: StaticString, _ element: XMLElementName, selfClosing: Bool = false
        ) -> OpenTag? {
            guard ByteLiteral(literal).matches(in: base, at: pos, end: end) else { return nil }
            let count = literal.utf8CodeUnitCount
            pos += count
            return OpenTag(
                element: element, nameStart: pos - count + 1, nameCount: count - (selfClosing ? 3 : 2),
                selfClosing: selfClosing)
        }
        switch base[pos + 1] {
        case UInt8(ascii: "k"): return tag("<key>", .key)
        case UInt8(ascii: "s"): return tag("<string>", .string)
        case UInt8(ascii: "a"): return tag("<array>", .array)
        case UInt8(ascii: "i"): return tag("<integer>", .integer)
        case UInt8(ascii: "t"): return tag("<true/>", .true, selfClosing: true)
        case UInt8(ascii: "f"): return tag("<false/>", .false, selfClosing: true)
        case UInt8(ascii: "r"): return tag("<real>", .real)
        case UInt8(ascii: "d"): return tag("<dict>", .dict) ?? tag("<date>", .date) ?? tag("<data>", .data)
        default: return nil
        }
    }

    private func peekOpenTag() -> OpenTag? {
        var copy = self
        guard pos < end, base[pos] == UInt8(ascii: "<") else { return nil }
        return try? copy.readOpenTag()
    }

    /// Reads `</name>` at `pos`, which must close `element`.
    private mutating func expectClose(_ element: XMLElementName, openedAt open: Int) throws(PlistError) {
        let closingTag = element.closingTag
        if closingTag.matches(in: base, at: pos, end: end) {
            pos += closingTag.count
            return
        }
        let start = pos
        guard ByteScanning.matches("</", in: base, at: pos, end: end) else {
            if pos >= end {
                throw error(
                    "end of file inside <\(element.name)> opened at \(markForMessage(at: open)); expected </\(element.name)>",
                    at: pos)
            }
            throw error(
                "expected </\(element.name)> to close <\(element.name)> at \(markForMessage(at: open)), found \(found())",
                at: pos)
        }
        pos += 2
        let nameStart = pos
        while pos < end, base[pos] != UInt8(ascii: ">"), !ByteScanning.isWhitespace(base[pos]) { pos += 1 }
        let nameCount = pos - nameStart
        // Not `skipWhitespace()`, which counts lines: the whole tag is counted once below.
        while pos < end && ByteScanning.isWhitespace(base[pos]) { pos += 1 }
        guard pos < end, base[pos] == UInt8(ascii: ">") else {
            throw error("unterminated closing tag \(found(at: start)); expected '>'", at: start)
        }
        pos += 1
        countLines(from: start)
        guard XMLElementName(base, start: nameStart, count: nameCount) == element else {
            let name = String(decoding: UnsafeBufferPointer(start: base + nameStart, count: nameCount), as: UTF8.self)
            throw error(
                "mismatched closing tag: expected </\(element.name)> to close <\(element.name)> at \(markForMessage(at: open)), found </\(name)>",
                at: start)
        }
    }

    // MARK: Text content

    /// The text of a scalar element (integer, real, date, data): raw bytes in the common case,
    /// a decoded copy when the text uses entities, CDATA or comments.
    struct RawText {
        var direct: UnsafeBufferPointer<UInt8>?
        var decoded: [UInt8] = []

        func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if let direct { return body(direct) }
            return decoded.withUnsafeBufferPointer(body)
        }
    }

    private mutating func readRawText(
        _ element: XMLElementName, tag: OpenTag, openedAt open: Int
    ) throws(PlistError) -> RawText {
        if tag.selfClosing { return RawText(direct: UnsafeBufferPointer(start: base + pos, count: 0)) }
        let start = pos
        guard let lt = ByteScanning.find(UInt8(ascii: "<"), in: base, from: pos, end: end) else {
            throw error(
                "end of file inside <\(element.name)> opened at \(markForMessage(at: open)); expected </\(element.name)>",
                at: end)
        }
        if ByteScanning.find(UInt8(ascii: "&"), in: base, from: start, end: lt) == nil,
            ByteScanning.matches("</", in: base, at: lt, end: end)
        {
            advance(to: lt)
            try expectClose(element, openedAt: open)
            return RawText(direct: UnsafeBufferPointer(start: base + start, count: lt - start))
        }
        let text = try readText(element, tag: tag, openedAt: open)
        return RawText(direct: nil, decoded: Array(text.utf8))
    }

    /// The decoded text of a `<string>` or `<key>`: entities, character references and CDATA
    /// are resolved; comments inside are collected.
    @inline(__always)
    private mutating func readText(
        _ element: XMLElementName, tag: OpenTag, openedAt open: Int
    ) throws(PlistError) -> String {
        if tag.selfClosing { return "" }
        // Fast path: plain text straight up to the closing tag.
        let stop = Self.findTextEnd(in: base, from: pos, end: end)
        let closingTag = element.closingTag
        if closingTag.matches(in: base, at: stop, end: end) {
            let text = interner.string(base, from: pos, count: stop - pos, end: end)
            pos = stop + closingTag.count
            return text
        }
        return try readDecodedText(element, openedAt: open)
    }

    /// `readText` for everything but plain text: entities, CDATA, comments, a closing tag with
    /// spaces, and the errors.
    private mutating func readDecodedText(_ element: XMLElementName, openedAt open: Int) throws(PlistError) -> String {
        var buffer: [UInt8] = []
        var slow = false
        while true {
            guard let lt = ByteScanning.find(UInt8(ascii: "<"), in: base, from: pos, end: end) else {
                throw error(
                    "end of file inside <\(element.name)> opened at \(markForMessage(at: open)); expected </\(element.name)>",
                    at: end)
            }
            let hasEntity = ByteScanning.find(UInt8(ascii: "&"), in: base, from: pos, end: lt) != nil
            let isClose = ByteScanning.matches("</", in: base, at: lt, end: end)
            if !slow && !hasEntity && isClose {
                let text = interner.string(base, from: pos, count: lt - pos, end: end)
                advance(to: lt)
                try expectClose(element, openedAt: open)
                return text
            }
            slow = true
            if hasEntity {
                try appendDecodingEntities(from: pos, to: lt, into: &buffer)
            } else {
                buffer.append(contentsOf: UnsafeBufferPointer(start: base + pos, count: lt - pos))
            }
            advance(to: lt)
            if isClose {
                try expectClose(element, openedAt: open)
                return String(decoding: buffer, as: UTF8.self)
            } else if ByteScanning.matches("<![CDATA[", in: base, at: pos, end: end) {
                guard let close = find("]]>", from: pos + 9) else {
                    throw error("unterminated <![CDATA[ section", at: pos)
                }
                buffer.append(contentsOf: UnsafeBufferPointer(start: base + pos + 9, count: close - pos - 9))
                advance(to: close + 3)
            } else if ByteScanning.matches("<!--", in: base, at: pos, end: end) {
                try readComment()
            } else {
                throw error(
                    "unexpected \(found()) inside <\(element.name)> opened at \(markForMessage(at: open)); text elements cannot contain other elements (escape '<' as &lt;)",
                    at: pos)
            }
        }
    }

    private mutating func appendDecodingEntities(
        from start: Int, to stop: Int, into buffer: inout [UInt8]
    ) throws(PlistError) {
        var i = start
        while i < stop {
            let byte = base[i]
            guard byte == UInt8(ascii: "&") else {
                buffer.append(byte)
                i += 1
                continue
            }
            guard let semicolon = ByteScanning.find(UInt8(ascii: ";"), in: base, from: i, end: min(stop, i + 12)) else {
                throw error("unterminated entity reference \(found(at: i)); write '&' as &amp;", at: i)
            }
            let name = UnsafeBufferPointer(start: base + i + 1, count: semicolon - i - 1)
            let replacement: UInt8?
            switch String(decoding: name, as: UTF8.self) {
            case "lt": replacement = UInt8(ascii: "<")
            case "gt": replacement = UInt8(ascii: ">")
            case "amp": replacement = UInt8(ascii: "&")
            case "quot": replacement = UInt8(ascii: "\"")
            case "apos": replacement = UInt8(ascii: "'")
            default: replacement = nil
            }
            if let replacement {
                buffer.append(replacement)
            } else if name.count >= 2, name[0] == UInt8(ascii: "#") {
                let isHex = name[1] | 0x20 == UInt8(ascii: "x")
                let digits = String(decoding: UnsafeBufferPointer(rebasing: name[(isHex ? 2 : 1)...]), as: UTF8.self)
                guard let value = UInt32(digits, radix: isHex ? 16 : 10), value != 0, let scalar = Unicode.Scalar(value)
                else {
                    throw error("invalid character reference &\(String(decoding: name, as: UTF8.self));", at: i)
                }
                UTF8.encode(scalar) { buffer.append($0) }
            } else {
                throw error(
                    "unknown entity &\(String(decoding: name, as: UTF8.self)); — only &lt; &gt; &amp; &quot; &apos; and &#...; are allowed in a plist",
                    at: i)
            }
            i = semicolon + 1
        }
    }

    // MARK: Whitespace and comments

    /// Skips XML whitespace, counting the newlines it passes from the same masks. Eight bytes per
    /// step and no branch per byte: indentation runs are a newline and a few tabs or spaces, and
    /// a byte loop mispredicted its exit once per run.
    @inline(__always)
    private mutating func skipWhitespace() {
        var i = pos
        while i + 8 <= end {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let newlines = ByteScanning.bytes(of: word, equalTo: 0x0A)
            let whitespace =
                ByteScanning.bytes(of: word, equalTo: 0x20) | newlines
                | ByteScanning.bytes(of: word, equalTo: 0x09) | ByteScanning.bytes(of: word, equalTo: 0x0D)
            let other = ~whitespace & 0x8080_8080_8080_8080
            // The newlines before the first other byte (all of them when there is none).
            let passed = other == 0 ? newlines : newlines & ((other & (0 &- other)) &- 1)
            if passed != 0 { pass(newlines: passed, inWordAt: i) }
            if other != 0 {
                pos = i &+ other.trailingZeroBitCount >> 3
                return
            }
            i &+= 8
        }
        while i < end && ByteScanning.isWhitespace(base[i]) {
            if base[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        pos = i
    }

    /// Whitespace and comments between elements. Inline: it runs before every key and value,
    /// and the call cost as much as skipping a typical gap (a newline and some indentation).
    @inline(__always)
    private mutating func skipMisc() throws(PlistError) {
        skipWhitespace()
        if ByteScanning.matches("<!--", in: base, at: pos, end: end) { try skipComments() }
    }

    private mutating func skipComments() throws(PlistError) {
        while ByteScanning.matches("<!--", in: base, at: pos, end: end) {
            try readComment()
            skipWhitespace()
        }
    }

    /// Skips text between the elements of a dict or array (see `PlistDocument.strayText`).
    /// Returns whether there was any. The check is inline: it runs for every child.
    @inline(__always)
    private mutating func skipStrayText() throws(PlistError) -> Bool {
        guard pos < end, base[pos] != UInt8(ascii: "<") else { return false }
        try readStrayText()
        return true
    }

    private mutating func readStrayText() throws(PlistError) {
        let start = pos
        let stop = ByteScanning.find(UInt8(ascii: "<"), in: base, from: pos, end: end) ?? end
        strayText.append(PlistComment(text: ByteScanning.trimmedString(base, from: start, to: stop), mark: markHere()))
        advance(to: stop)
    }

    private mutating func readComment() throws(PlistError) {
        let start = pos
        guard let close = find("-->", from: pos + 4) else {
            throw error("unterminated comment; expected '-->'", at: start)
        }
        comments.append(
            PlistComment(text: ByteScanning.trimmedString(base, from: start + 4, to: close), mark: markHere()))
        advance(to: close + 3)
    }

    // MARK: Lines

    /// The mark of `pos`.
    @inline(__always)
    private func markHere() -> Mark {
        Mark(readerLine: line, column: pos &- lineStart &+ 1, offset: pos)
    }

    /// Moves `pos` forward to `target`, counting the newlines passed.
    private mutating func advance(to target: Int) {
        let start = pos
        pos = target
        countLines(from: start)
    }

    /// Counts the newlines in `start..<pos`; the line state described `start`.
    private mutating func countLines(from start: Int) {
        var i = start
        while i + 8 <= pos {
            let newlines = ByteScanning.bytes(
                of: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self), equalTo: 0x0A)
            if newlines != 0 { pass(newlines: newlines, inWordAt: i) }
            i += 8
        }
        while i < pos {
            if base[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
    }

    /// Moves the line state past the newlines flagged in `mask` (a `bytes(of:equalTo:)` mask of
    /// the word at `i`): the line after the last of them starts just past it.
    @inline(__always)
    private mutating func pass(newlines mask: UInt64, inWordAt i: Int) {
        line &+= Self.count(mask)
        lineStart = i &+ (63 &- mask.leadingZeroBitCount) >> 3 &+ 1
    }

    /// The number of bytes flagged in a `ByteScanning.bytes(of:equalTo:)` mask. Each byte of
    /// `mask >> 7` is 0 or 1, so one multiplication sums them into the top byte; baseline x86-64
    /// has no popcount instruction, and `nonzeroBitCount` is a dozen.
    @inline(__always)
    private static func count(_ mask: UInt64) -> Int {
        Int(truncatingIfNeeded: ((mask >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// The mark of any offset, earlier ones included, for error messages: counted from the
    /// start of the file, which only an error pays for.
    private func markForMessage(at offset: Int) -> Mark {
        LineIndex(base: base, count: end).mark(at: offset)
    }

    /// Offset of the first `<`, `&` or newline in `base[from..<end]`, or `end`: plain text up to
    /// there moves `pos` without counting lines; text with a newline takes the decoding path,
    /// which counts them.
    @inline(__always)
    private static func findTextEnd(in base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int {
        var i = from
        while i + 8 <= end {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let hits =
                ByteScanning.bytes(of: word, equalTo: UInt8(ascii: "<"))
                | ByteScanning.bytes(of: word, equalTo: UInt8(ascii: "&"))
                | ByteScanning.bytes(of: word, equalTo: 0x0A)
            if hits != 0 { return i + hits.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < end && base[i] != UInt8(ascii: "<") && base[i] != UInt8(ascii: "&") && base[i] != 0x0A { i += 1 }
        return i
    }

    // MARK: Helpers

    @inline(__always)
    private func find(_ literal: StaticString, from: Int, before limit: Int? = nil) -> Int? {
        let stop = limit ?? end
        let first = literal.utf8Start.pointee
        var i = from
        while let hit = ByteScanning.find(first, in: base, from: i, end: stop) {
            if ByteScanning.matches(literal, in: base, at: hit, end: end) { return hit }
            i = hit + 1
        }
        return nil
    }

    private func found(at offset: Int? = nil) -> String {
        ByteScanning.excerpt(base, at: offset ?? pos, end: end)
    }

    private func error(_ message: String, at offset: Int) -> PlistError {
        PlistError(file: file, mark: markForMessage(at: min(offset, end)), message: message)
    }
}
