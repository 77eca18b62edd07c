/// A `file:line` position parsed from a Lua message (`rules/a.lua:12: ...`).
public struct LuaSourceLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }

    /// Finds the first `<source>:<digits>:` prefix. Lua shortens long sources to 60 bytes with a
    /// leading "..."; `knownChunks` maps such a shortened name back to the full path.
    static func parse(_ message: String, knownChunks: Set<String> = []) -> LuaSourceLocation? {
        let bytes = Array(message.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: ":") {
                var j = i + 1
                while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 { j += 1 }
                if j > i + 1, j < bytes.count, bytes[j] == UInt8(ascii: ":"), i > 0 {
                    var file = String(decoding: bytes[0..<i], as: UTF8.self)
                    let line = Int(String(decoding: bytes[(i + 1)..<j], as: UTF8.self)) ?? 0
                    if file.hasPrefix("...") {
                        let tail = file.dropFirst(3)
                        if let full = knownChunks.first(where: { $0.hasSuffix(tail) }) { file = full }
                    }
                    return LuaSourceLocation(file: file, line: line)
                }
            }
            if bytes[i] == UInt8(ascii: "\n") { break }
            i += 1
        }
        return nil
    }
}
