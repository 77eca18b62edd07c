import Foundation

@testable import UniformPlist

/// Random value trees for the round-trip property tests, and their Foundation counterparts.
struct RandomPlistTrees {
    var generator: SeededGenerator
    /// Whether to produce values Foundation's writers cannot express the same way
    /// (integers above Int64.max, nan/inf, UIDs, duplicate keys).
    var includeNonFoundationValues: Bool

    /// Foundation's XML reader drops a U+FEFF at the start of a string; tests that read with
    /// Foundation can leave it out.
    var includeByteOrderMark = true

    private static let pieces = [
        "a", "Z", "0", " ", "é", "ß", "✓", "😀", "中文", "&", "<", ">", "\"", "'", "]]>", "\\", "\t", "\n",
        "&amp;", "CFBundle", "public.data", "$(VAR)", "\u{7F}", "\u{A0}", "\u{FEFF}",
    ]

    mutating func string() -> String {
        let count = Int.random(in: 0...12, using: &generator)
        let pieces = includeByteOrderMark ? Self.pieces : Self.pieces.filter { $0 != "\u{FEFF}" }
        return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    mutating func node(depth: Int = 0) -> PlistNode {
        let mark = Mark.text(line: 1, column: 1, offset: 0)
        let kind = Int.random(in: depth >= 4 ? 2...9 : 0...9, using: &generator)
        switch kind {
        case 0:
            var entries: [PlistEntry] = []
            var used = Set<String>()
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                var key = string()
                if !includeNonFoundationValues { while !used.insert(key).inserted { key += "k" } }
                entries.append(PlistEntry(key: key, keyMark: mark, value: node(depth: depth + 1)))
            }
            return PlistNode(.dictionary(PlistDictionary(entries: entries)), mark: mark)
        case 1:
            return PlistNode(
                .array((0..<Int.random(in: 0...5, using: &generator)).map { _ in node(depth: depth + 1) }), mark: mark)
        case 2, 3:
            return PlistNode(.string(string()), mark: mark)
        case 4:
            let choices: [Int64] = [0, 1, -1, Int64.max, Int64.min, 255, 256, 65_535, 65_536, Int64(Int32.max) + 1]
            let value =
                Bool.random(using: &generator)
                ? choices.randomElement(using: &generator)! : Int64.random(in: .min ... .max, using: &generator)
            return PlistNode(.integer(value), mark: mark)
        case 5:
            if includeNonFoundationValues && Bool.random(using: &generator) {
                return PlistNode(
                    .unsignedInteger(UInt64.random(in: UInt64(Int64.max) + 1 ... .max, using: &generator)), mark: mark)
            }
            let specials: [Double] = [0, -0.0, 1.5, 1e-300, 1e300, 0.1, Double.pi, -2.5e-7]
            var value =
                Bool.random(using: &generator)
                ? specials.randomElement(using: &generator)!
                : Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator))
            if value.isNaN || value.isInfinite { value = includeNonFoundationValues ? value : 3.5 }
            return PlistNode(.real(value), mark: mark)
        case 6:
            return PlistNode(.boolean(Bool.random(using: &generator)), mark: mark)
        case 7:
            // Whole seconds between 1900 and 2100 (XML dates carry no fractions).
            let seconds = Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &generator))
            return PlistNode(.date(Date(timeIntervalSince1970: seconds)), mark: mark)
        case 8:
            return PlistNode(
                .data(
                    (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }), mark: mark)
        default:
            return PlistNode(.string(string()), mark: mark)
        }
    }

    /// The same tree as Foundation property-list objects.
    static func foundationObject(_ node: PlistNode) -> Any {
        switch node.value {
        case .dictionary(let dictionary):
            var result: [String: Any] = [:]
            for entry in dictionary.entries { result[entry.key] = foundationObject(entry.value) }
            return result
        case .array(let items): return items.map(foundationObject)
        case .string(let string): return string
        case .integer(let integer): return NSNumber(value: integer)
        case .unsignedInteger(let integer): return NSNumber(value: integer)
        case .real(let real): return NSNumber(value: real)
        case .boolean(let boolean): return NSNumber(value: boolean)
        case .date(let date): return date
        case .data(let bytes): return Data(bytes)
        case .uid(let uid): return NSNumber(value: uid)
        }
    }
}
