/// Turns byte offsets into `line:column` marks for text plists.
///
/// The parsers work on raw bytes and only know offsets; counting lines while scanning would
/// put a branch on every byte of every fast loop. Instead the newline offsets are collected once
/// (in the same pass that validates UTF-8) and marks are looked up here. Parsers ask for marks in
/// increasing order, so a cursor makes the common lookup O(1); anything else falls back to a
/// binary search.
struct LineIndex {
    /// Offsets of every `\n` byte, ascending.
    private(set) var newlines: [Int]
    private var cursor = 0

    init(newlines: [Int]) {
        self.newlines = newlines
    }

    /// The mark of the byte at `offset`: 1-based line and 1-based column in UTF-8 bytes.
    mutating func mark(at offset: Int) -> Mark {
        // `cursor` = number of newlines strictly before the last asked offset.
        if cursor > newlines.count { cursor = newlines.count }
        if cursor > 0 && newlines[cursor - 1] >= offset {
            cursor = firstNewline(atOrAfter: offset)
        } else {
            while cursor < newlines.count && newlines[cursor] < offset { cursor += 1 }
        }
        let lineStart = cursor == 0 ? 0 : newlines[cursor - 1] + 1
        return .text(line: cursor + 1, column: offset - lineStart + 1, offset: offset)
    }

    /// Number of newlines before `offset` (binary search).
    private func firstNewline(atOrAfter offset: Int) -> Int {
        var low = 0, high = newlines.count
        while low < high {
            let mid = (low + high) / 2
            if newlines[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
