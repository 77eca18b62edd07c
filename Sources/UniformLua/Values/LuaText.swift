/// A Lua string read with a bound on what is copied: its first bytes (cut before a UTF-8
/// character starts) and its whole length. A rule can pass the same 16 MB string as often as it
/// likes; the host copies at most the bound each time.
public struct LuaText: Sendable, Equatable {
    /// The string, or its first `maxBytes` bytes.
    public let text: String
    /// The string's length in bytes.
    public let byteCount: Int

    public init(text: String, byteCount: Int) {
        self.text = text
        self.byteCount = byteCount
    }

    /// Whether `text` is only the beginning of the string.
    public var isCut: Bool { text.utf8.count < byteCount }

    /// `text`, followed by how much is missing when it is cut.
    public var shown: String { isCut ? text + "... (\(byteCount - text.utf8.count) more bytes not shown)" : text }
}
