/// Where a plist node starts in its file.
///
/// Every finding the tool reports points at `Info.plist:LINE:COLUMN` (text formats) or at a
/// byte offset (binary plists, which have no lines). Carrying the mark on every node — as
/// Yams does — is what makes those diagnostics possible without a second pass over the file.
public struct Mark: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line for XML and OpenStep plists; `nil` for binary plists.
    public var line: Int?
    /// 1-based column (in UTF-8 bytes) for text formats; `nil` for binary plists.
    public var column: Int?
    /// Byte offset from the start of the file (always present).
    public var offset: Int

    public init(line: Int?, column: Int?, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// A position in a text file.
    public static func text(line: Int, column: Int, offset: Int) -> Mark {
        Mark(line: line, column: column, offset: offset)
    }

    /// A position in a binary file.
    public static func binary(offset: Int) -> Mark {
        Mark(line: nil, column: nil, offset: offset)
    }

    /// `12:5` for text files, `@1234` for binary ones.
    public var description: String {
        if let line {
            return column.map { "\(line):\($0)" } ?? "\(line)"
        }
        return "@\(offset)"
    }
}
