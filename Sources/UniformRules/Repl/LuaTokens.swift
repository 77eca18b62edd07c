/// Just enough of Lua's lexer to find keywords outside strings and comments.
struct LuaTokens {
    struct Token {
        enum Kind { case name, other }
        var kind: Kind
        var range: Range<Int>

        func word(in bytes: [UInt8]) -> String { String(decoding: bytes[range], as: UTF8.self) }
    }

    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func all() -> [Token] {
        var tokens: [Token] = []
        var i = 0
        let n = bytes.count
        func isName(_ b: UInt8) -> Bool {
            b == 95 || (b >= 48 && b <= 57) || (b | 32 >= 97 && b | 32 <= 122) || b >= 128
        }
        while i < n {
            let b = bytes[i]
            if b == 32 || b == 9 || b == 10 || b == 13 {
                i += 1
            } else if b == 45, i + 1 < n, bytes[i + 1] == 45 { // -- comment
                i += 2
                if let end = longBracketEnd(at: i) {
                    i = end
                } else {
                    while i < n, bytes[i] != 10 { i += 1 }
                }
            } else if b == 34 || b == 39 { // a quoted string
                let start = i
                i += 1
                while i < n, bytes[i] != b, bytes[i] != 10 { i += bytes[i] == 92 ? 2 : 1 }
                i = min(i + 1, n)
                tokens.append(Token(kind: .other, range: start..<i))
            } else if b == 91, let end = longBracketEnd(at: i) { // [[long string]]
                tokens.append(Token(kind: .other, range: i..<end))
                i = end
            } else if isName(b) {
                let start = i
                while i < n, isName(bytes[i]) { i += 1 }
                let digit = b >= 48 && b <= 57
                tokens.append(Token(kind: digit ? .other : .name, range: start..<i))
            } else {
                tokens.append(Token(kind: .other, range: i..<(i + 1)))
                i += 1
            }
        }
        return tokens
    }

    /// Where a long bracket (`[[`, `[==[`) starting at `i` ends (after its closing bracket; the
    /// end of input if unclosed); nil when there is none at `i`.
    private func longBracketEnd(at i: Int) -> Int? {
        guard i < bytes.count, bytes[i] == 91 else { return nil }
        var j = i + 1
        var level = 0
        while j < bytes.count, bytes[j] == 61 {
            level += 1
            j += 1
        }
        guard j < bytes.count, bytes[j] == 91 else { return nil }
        let close: [UInt8] = [93] + [UInt8](repeating: 61, count: level) + [93]
        var k = j + 1
        while k + close.count <= bytes.count {
            if bytes[k] == 93, Array(bytes[k..<(k + close.count)]) == close { return k + close.count }
            k += 1
        }
        return bytes.count
    }
}
