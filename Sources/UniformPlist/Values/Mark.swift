/// Where a plist node starts in its file.
///
/// Every finding the tool reports points at `Info.plist:LINE:COLUMN` (text formats) or at a
/// byte offset (binary plists, which have no lines). Carrying the mark on every node — as
/// Yams does — is what makes those diagnostics possible without a second pass over the file.
public struct Mark: Hashable, Sendable, CustomStringConvertible {
    // Stored compactly (12 bytes instead of 40): every node and key carries a mark, so its
    // size shows up directly in parse time — it sets the size of every node (32 bytes) and
    // dictionary entry (64) the parser moves around. 0 means "none" for line and column; the
    // reader refuses files past 4 GiB (`PlistLimits.largestFile`), so offsets fit 32 bits.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    /// Byte offset from the start of the file (always present).
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: max(newValue, 0)) }
    }

    /// 1-based line for XML and OpenStep plists; `nil` for binary plists.
    public var line: Int? {
        get { storedLine == 0 ? nil : Int(storedLine) }
        set { storedLine = newValue.map { UInt32(clamping: max($0, 0)) } ?? 0 }
    }

    /// 1-based column (in UTF-8 bytes) for text formats; `nil` for binary plists.
    public var column: Int? {
        get { storedColumn == 0 ? nil : Int(storedColumn) }
        set { storedColumn = newValue.map { UInt32(clamping: max($0, 0)) } ?? 0 }
    }

    public init(line: Int?, column: Int?, offset: Int) {
        storedLine = line.map { UInt32(clamping: max($0, 0)) } ?? 0
        storedColumn = column.map { UInt32(clamping: max($0, 0)) } ?? 0
        storedOffset = UInt32(clamping: max(offset, 0))
    }

    /// A position in a text file.
    public static func text(line: Int, column: Int, offset: Int) -> Mark {
        Mark(line: line, column: column, offset: offset)
    }

    /// A byte offset in a binary file, from the reader (which refuses files past 4 GiB).
    @inline(__always)
    init(readerOffset offset: Int) {
        storedLine = 0
        storedColumn = 0
        storedOffset = UInt32(truncatingIfNeeded: offset)
    }

    /// A position the reader computed itself: all three are positive and fit 32 bits (the
    /// reader refuses larger files), so the parsers' hot paths skip the clamping.
    @inline(__always)
    init(readerLine line: Int, column: Int, offset: Int) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
        storedOffset = UInt32(truncatingIfNeeded: offset)
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
