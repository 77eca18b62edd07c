/// Keeps the REPL's `local` variables for the session: each chunk typed at the prompt is its
/// own Lua function, so `local x = 1` on one line was gone on the next (issue 30). Top-level
/// `local` statements become assignments to session variables (the REPL's globals):
/// `local x = 1` → `x = 1`, `local a, b` → `a, b = nil`, `local function f` → `function f`,
/// `local n <const> = 2` → `n = 2`. Locals inside blocks and functions stay local; `<close>`
/// keeps its meaning, so a statement with it is left alone. Line breaks are kept, so errors
/// still cite the input's lines.
public enum SessionLocals {
    public static func promote(_ source: String) -> String {
        let bytes = Array(source.utf8)
        let tokens = LuaTokens(bytes).all()
        var edits: [(range: Range<Int>, text: String)] = []
        var depth = 0
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            switch token.word(in: bytes) {
            case "function", "if", "do", "repeat": depth += 1
            case "end", "until": depth -= 1
            case "local" where depth == 0 && i + 1 < tokens.count:
                if let edit = promotion(tokens, at: i, bytes) { edits += edit }
            default: break
            }
            i += 1
        }
        guard !edits.isEmpty else { return source }
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The edits turning the `local` at `i` into an assignment; nil to leave it (`<close>`, or
    /// something that is not a name list).
    private static func promotion(
        _ tokens: [LuaTokens.Token], at i: Int, _ bytes: [UInt8]
    ) -> [(range: Range<Int>, text: String)]? {
        // What is removed keeps its line breaks.
        func removing(_ range: Range<Int>) -> (range: Range<Int>, text: String) {
            (range, String(repeating: "\n", count: bytes[range].filter { $0 == 10 }.count))
        }
        let dropLocal = removing(tokens[i].range.lowerBound..<tokens[i + 1].range.lowerBound)
        if tokens[i + 1].word(in: bytes) == "function" { return [dropLocal] }
        var edits = [dropLocal]
        var j = i + 1
        var end = 0
        while j < tokens.count, tokens[j].kind == .name {
            end = tokens[j].range.upperBound
            j += 1
            // An attribute: `<const>` is dropped, `<close>` keeps the statement as it is.
            if j + 2 < tokens.count, tokens[j].word(in: bytes) == "<", tokens[j + 2].word(in: bytes) == ">" {
                guard tokens[j + 1].word(in: bytes) == "const" else { return nil }
                edits.append(removing(tokens[j - 1].range.upperBound..<tokens[j + 2].range.upperBound))
                end = tokens[j + 2].range.upperBound
                j += 3
            }
            guard j < tokens.count, tokens[j].word(in: bytes) == "," else { break }
            j += 1
        }
        guard end > 0 else { return nil }
        if j >= tokens.count || tokens[j].word(in: bytes) != "=" { edits.append((end..<end, " = nil")) }
        return edits
    }
}
