import UniformPlist

/// Where a claim, a declaration, a rule or a finding comes from.
///
/// Text files give `file:line:column`; binary plists have no lines and give a byte offset.
/// The same value is printed in Xcode style (`Info.plist:45:9`) and serialised in JSON as
/// `{file, line, column}` or `{file, offset}` with a null line.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var offset: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil, offset: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    public init(file: String, mark: Mark) {
        self.init(file: file, line: mark.line, column: mark.column, offset: mark.line == nil ? mark.offset : nil)
    }

    /// `file:line:column`, `file:line`, `file@offset` or `file`.
    public var description: String {
        if let line {
            if let column { return "\(file):\(line):\(column)" }
            return "\(file):\(line)"
        }
        if let offset { return "\(file)@\(offset)" }
        return file
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.file != b.file { return a.file < b.file }
        let la = a.line ?? 0, lb = b.line ?? 0
        if la != lb { return la < lb }
        let ca = a.column ?? 0, cb = b.column ?? 0
        if ca != cb { return ca < cb }
        return (a.offset ?? 0) < (b.offset ?? 0)
    }
}
