/// Reads the catalog's own text format (written by `Tests/Tools/generate-catalog.py`).
///
/// One declaration per line, TAB-separated fields:
/// `identifier  E|I[W]  parents  description  referenceURL  [tagClass=values]...`, lists
/// separated by `|`, backslash escapes (`\\`, `\t`, `\n`, `\r`, `\|`, `\=`, and `\#`
/// for a leading `#`), `#` comments.
/// It works on raw bytes and only builds a `String` per finished field, because the catalog is
/// parsed on every run and must cost next to nothing next to reading one manifest.
enum CatalogParser {
    /// A line the parser cannot read; the embedded catalog is generated, so this means a bug.
    struct Failure: Error, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "catalog line \(line): \(reason)" }
    }

    static func parse(_ bytes: [UInt8], skippingSources: Bool = false) throws -> [CatalogDeclaration] {
        try bytes.withUnsafeBufferPointer { try parse($0, skippingSources: skippingSources) }
    }

    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, skippingSources: Bool = false
    ) throws
        -> [CatalogDeclaration]
    {
        guard let base = bytes.baseAddress else { return [] }
        var declarations: [CatalogDeclaration] = []
        declarations.reserveCapacity(1024)
        var lineNumber = 0
        var lineStart = 0
        while lineStart < bytes.count {
            lineNumber += 1
            let line = CatalogLine(base: base, start: lineStart, end: bytes.count)
            lineStart = line.end + 1
            if let declaration = try line.declaration(lineNumber: lineNumber, skippingSources: skippingSources) {
                declarations.append(declaration)
            }
        }
        return declarations
    }
}
