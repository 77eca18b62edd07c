/// Reads the catalog's own text format (written by `Tests/Tools/generate-catalog.py`).
///
/// One declaration per line, TAB-separated fields:
/// `identifier  E|I[W]  parents  description  referenceURL  [tagClass=values]...`, lists
/// separated by `|`, backslash escapes (`\\`, `\t`, `\n`, `\r`, `\|`, `\=`), `#` comments.
/// It works on raw bytes and only builds a `String` per finished field, because the catalog is
/// parsed on every run and must cost next to nothing next to reading one manifest.
enum CatalogParser {
    /// A line the parser cannot read; the embedded catalog is generated, so this means a bug.
    struct Failure: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "catalog line \(line): \(reason)" }
    }

    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let backslash = UInt8(ascii: "\\")
    private static let bar = UInt8(ascii: "|")
    private static let equals = UInt8(ascii: "=")
    private static let hash = UInt8(ascii: "#")

    static func parse(_ bytes: [UInt8]) throws -> [CatalogDeclaration] {
        try bytes.withUnsafeBufferPointer { try parse($0) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [CatalogDeclaration] {
        var declarations: [CatalogDeclaration] = []
        declarations.reserveCapacity(1024)
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != newline { lineEnd += 1 }
            var contentEnd = lineEnd
            if contentEnd > lineStart && bytes[contentEnd - 1] == carriageReturn { contentEnd -= 1 }
            if contentEnd > lineStart && bytes[lineStart] != hash {
                declarations.append(
                    try declaration(bytes, lineStart..<contentEnd, line: lineNumber))
            }
            lineStart = lineEnd + 1
        }
        return declarations
    }

    private static func declaration(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int
    ) throws -> CatalogDeclaration {
        let fields = split(bytes, range, on: tab)
        guard fields.count >= 2 else {
            throw Failure(line: line, reason: "expected at least identifier and flags")
        }
        let identifier = text(bytes, fields[0])
        guard !identifier.isEmpty else { throw Failure(line: line, reason: "empty identifier") }

        var isExported = false
        var isWildcard = false
        for (index, flag) in bytes[fields[1]].enumerated() {
            switch (index, flag) {
            case (0, UInt8(ascii: "E")): isExported = true
            case (0, UInt8(ascii: "I")): isExported = false
            case (1, UInt8(ascii: "W")): isWildcard = true
            default: throw Failure(line: line, reason: "bad flags field")
            }
        }
        guard !fields[1].isEmpty else { throw Failure(line: line, reason: "missing flags") }

        let parents = fields.count > 2 ? list(bytes, fields[2]) : []
        let description = fields.count > 3 ? optionalText(bytes, fields[3]) : nil
        let referenceURL = fields.count > 4 ? optionalText(bytes, fields[4]) : nil

        var tags: [CatalogDeclaration.TagSet] = []
        if fields.count > 5 {
            tags.reserveCapacity(fields.count - 5)
            for field in fields[5...] {
                guard let separator = firstUnescaped(equals, in: bytes, field),
                    separator > field.lowerBound
                else { throw Failure(line: line, reason: "tag field without 'class='") }
                tags.append(
                    CatalogDeclaration.TagSet(
                        tagClass: text(bytes, field.lowerBound..<separator),
                        values: list(bytes, (separator + 1)..<field.upperBound)))
            }
        }
        return CatalogDeclaration(
            identifier: identifier, isExported: isExported, parents: parents, tags: tags,
            isWildcard: isWildcard, description: description, referenceURL: referenceURL,
            line: line)
    }

    /// Splits on every unescaped `separator`; always returns at least one (possibly empty) range.
    private static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, on separator: UInt8
    ) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == backslash {
                index += 2
                continue
            }
            if byte == separator {
                parts.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    private static func firstUnescaped(
        _ target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == backslash {
                index += 2
            } else if bytes[index] == target {
                return index
            } else {
                index += 1
            }
        }
        return nil
    }

    /// An empty field is an empty list, not a list holding one empty string.
    private static func list(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String] {
        if range.isEmpty { return [] }
        return split(bytes, range, on: bar).map { text(bytes, $0) }
    }

    private static func optionalText(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> String? {
        range.isEmpty ? nil : text(bytes, range)
    }

    /// Decodes one field; the common case (no backslash) is a single copy of the bytes.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard slice.contains(backslash) else { return String(decoding: slice, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var index = 0
        while index < slice.count {
            var byte = slice[index]
            if byte == backslash && index + 1 < slice.count {
                index += 1
                switch slice[index] {
                case UInt8(ascii: "t"): byte = tab
                case UInt8(ascii: "n"): byte = newline
                case UInt8(ascii: "r"): byte = carriageReturn
                default: byte = slice[index]
                }
            }
            unescaped.append(byte)
            index += 1
        }
        return String(decoding: unescaped, as: UTF8.self)
    }
}
