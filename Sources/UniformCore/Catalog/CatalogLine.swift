import Foundation

/// One line of the catalog file, read in place.
///
/// Lines without a backslash (all but a handful) are split with `memchr`, which keeps parsing
/// the whole catalog around a millisecond even in debug builds; lines with escapes take a
/// byte-by-byte path that skips escaped delimiters.
struct CatalogLine {
    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let backslash = UInt8(ascii: "\\")
    private static let bar = UInt8(ascii: "|")
    private static let equals = UInt8(ascii: "=")
    private static let hash = UInt8(ascii: "#")

    private let base: UnsafePointer<UInt8>
    /// Offset of the first byte of the line.
    let start: Int
    /// Offset of the terminating newline (or of the end of the file).
    let end: Int
    /// End of the content: `end` without a trailing carriage return.
    private let contentEnd: Int
    private let hasEscapes: Bool

    init(base: UnsafePointer<UInt8>, start: Int, end fileEnd: Int) {
        self.base = base
        self.start = start
        let end = Self.find(Self.newline, base, start, fileEnd) ?? fileEnd
        self.end = end
        contentEnd = end > start && base[end - 1] == Self.carriageReturn ? end - 1 : end
        hasEscapes = Self.find(Self.backslash, base, start, contentEnd) != nil
    }

    /// The declaration on this line, or `nil` for a blank or comment line. `skippingSources`
    /// leaves out the `@source=` and `@bundle=` fields: the type graph needs neither, and they
    /// are most of the supplement's bytes.
    func declaration(lineNumber: Int, skippingSources: Bool = false) throws -> CatalogDeclaration? {
        guard contentEnd > start, base[start] != Self.hash else { return nil }
        func failure(_ reason: String) -> CatalogParser.Failure {
            CatalogParser.Failure(line: lineNumber, reason: reason)
        }

        var cursor = start
        let identifier = text(nextField(&cursor))
        guard !identifier.isEmpty else { throw failure("empty identifier") }
        guard let flags = nextFieldIfAny(&cursor), !flags.isEmpty, flags.count <= 2 else {
            throw failure("missing or bad flags field")
        }
        let isExported: Bool
        switch base[flags.lowerBound] {
        case UInt8(ascii: "E"): isExported = true
        case UInt8(ascii: "I"): isExported = false
        default: throw failure("flags must start with E or I")
        }
        let isWildcard = flags.count == 2
        if isWildcard && base[flags.lowerBound + 1] != UInt8(ascii: "W") {
            throw failure("second flag must be W")
        }

        let parents = nextFieldIfAny(&cursor).map(list) ?? []
        let description = nextFieldIfAny(&cursor).flatMap(optionalText)
        let referenceURL = nextFieldIfAny(&cursor).flatMap(optionalText)

        var tags: [CatalogDeclaration.TagSet] = []
        while let field = nextFieldIfAny(&cursor) {
            if skippingSources, startsWith(Self.sourcePrefix, field) || startsWith(Self.bundlePrefix, field) {
                continue
            }
            let separator = next(Self.equals, in: field)
            guard separator < field.upperBound, separator > field.lowerBound else {
                throw failure("tag field without 'class='")
            }
            tags.append(
                CatalogDeclaration.TagSet(
                    tagClass: text(field.lowerBound..<separator),
                    values: list((separator + 1)..<field.upperBound)))
        }
        return CatalogDeclaration(
            identifier: identifier, isExported: isExported, parents: parents, tags: tags,
            isWildcard: isWildcard, description: description, referenceURL: referenceURL,
            line: lineNumber)
    }

    // MARK: Fields

    private static let sourcePrefix = Array("@source=".utf8)
    private static let bundlePrefix = Array("@bundle=".utf8)

    private func startsWith(_ prefix: [UInt8], _ field: Range<Int>) -> Bool {
        guard field.count >= prefix.count else { return false }
        for (k, byte) in prefix.enumerated() where base[field.lowerBound + k] != byte { return false }
        return true
    }

    /// The field starting at `cursor` (up to the next unescaped TAB); moves `cursor` past it,
    /// which leaves it beyond `contentEnd` after the last field (see `nextFieldIfAny`).
    private func nextField(_ cursor: inout Int) -> Range<Int> {
        let fieldEnd = next(Self.tab, in: cursor..<contentEnd)
        defer { cursor = fieldEnd + 1 }
        return cursor..<fieldEnd
    }

    private func nextFieldIfAny(_ cursor: inout Int) -> Range<Int>? {
        cursor <= contentEnd ? nextField(&cursor) : nil
    }

    /// An empty field is an empty list, not a list holding one empty string.
    private func list(_ range: Range<Int>) -> [String] {
        var items: [String] = []
        var cursor = range.lowerBound
        while cursor <= range.upperBound && !range.isEmpty {
            let itemEnd = next(Self.bar, in: cursor..<range.upperBound)
            items.append(text(cursor..<itemEnd))
            cursor = itemEnd + 1
        }
        return items
    }

    private func optionalText(_ range: Range<Int>) -> String? {
        range.isEmpty ? nil : text(range)
    }

    /// Offset of the first unescaped `delimiter` in `range`, or `range.upperBound`.
    private func next(_ delimiter: UInt8, in range: Range<Int>) -> Int {
        guard hasEscapes else {
            return Self.find(delimiter, base, range.lowerBound, range.upperBound) ?? range.upperBound
        }
        var index = range.lowerBound
        while index < range.upperBound {
            if base[index] == Self.backslash {
                index += 2
            } else if base[index] == delimiter {
                return index
            } else {
                index += 1
            }
        }
        return range.upperBound
    }

    /// Decodes one field; without escapes that is a single copy of the bytes.
    private func text(_ range: Range<Int>) -> String {
        let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        guard hasEscapes, bytes.contains(Self.backslash) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == Self.backslash && index + 1 < bytes.count {
                index += 1
                switch bytes[index] {
                case UInt8(ascii: "t"): byte = Self.tab
                case UInt8(ascii: "n"): byte = Self.newline
                case UInt8(ascii: "r"): byte = Self.carriageReturn
                default: byte = bytes[index]
                }
            }
            unescaped.append(byte)
            index += 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    private static func find(
        _ byte: UInt8, _ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int
    ) -> Int? {
        guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
    }
}
