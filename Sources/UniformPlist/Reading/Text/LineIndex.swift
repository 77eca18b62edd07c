/// Turns byte offsets into `line:column` marks for text plists.
///
/// The parsers work on raw bytes and only know offsets; counting lines while scanning would
/// put a branch on every byte of every fast loop. Instead one branch-free pass records where the
/// newlines are, as a bitmap with one bit per byte, and a mark counts the bits between the
/// previous mark and itself. Parsers ask for marks in increasing order and usually a few dozen
/// bytes apart, so a lookup touches one or two words of the bitmap; a mark behind the previous
/// one (an error naming where a container opened) counts backwards the same way.
struct LineIndex {
    /// Bit `k % 64` of word `k / 64` is set when byte `k` is `\n`.
    private var bitmap: [UInt64]
    private let count: Int
    /// The last offset asked for (clamped to the text), its 1-based line, and where that line
    /// starts.
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.count = count
        bitmap = Self.newlineBitmap(base, count: count)
    }

    /// The mark of the byte at `offset`: 1-based line and 1-based column in UTF-8 bytes.
    /// Offsets past the end (errors at the end of the file) count the newlines of the whole text.
    mutating func mark(at offset: Int) -> Mark {
        let target = min(max(offset, 0), count)
        if target >= self.offset {
            let newlines = bits(from: self.offset, to: target)
            if newlines.count > 0 {
                line += newlines.count
                lineStart = newlines.last + 1
            }
        } else {
            line -= bits(from: target, to: self.offset).count
            lineStart = lastNewline(before: target) + 1
        }
        self.offset = target
        return .text(line: line, column: offset - lineStart + 1, offset: offset)
    }

    /// How many newlines `start..<end` holds, and the offset of the last one (if any).
    private func bits(from start: Int, to end: Int) -> (count: Int, last: Int) {
        var total = 0, last = -1
        var word = start >> 6
        while word << 6 < end {
            var bits = bitmap[word]
            let wordStart = word << 6
            if wordStart < start { bits &= UInt64.max << UInt64(start - wordStart) }
            if end - wordStart < 64 { bits &= ~(UInt64.max << UInt64(end - wordStart)) }
            if bits != 0 {
                total += bits.nonzeroBitCount
                last = wordStart + 63 - bits.leadingZeroBitCount
            }
            word += 1
        }
        return (total, last)
    }

    /// The offset of the last newline before `end`, or -1.
    private func lastNewline(before end: Int) -> Int {
        var word = (end - 1) >> 6
        while word >= 0 {
            var bits = bitmap[word]
            let wordStart = word << 6
            if end - wordStart < 64 { bits &= ~(UInt64.max << UInt64(end - wordStart)) }
            if bits != 0 { return wordStart + 63 - bits.leadingZeroBitCount }
            word -= 1
        }
        return -1
    }

    /// The bitmap of `\n` bytes, eight bytes per step without branches.
    private static func newlineBitmap(_ base: UnsafePointer<UInt8>, count: Int) -> [UInt64] {
        let words = (count + 63) / 64
        return [UInt64](unsafeUninitializedCapacity: words) { buffer, initialized in
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            var i = 0
            for w in 0..<words {
                var bits: UInt64 = 0
                if i + 64 <= count {
                    for k in 0..<8 {
                        let x = UnsafeRawPointer(base + i + k * 8).loadUnaligned(as: UInt64.self) ^ newlines
                        // 0x80 in each byte that is `\n` (exact: no carries between bytes)...
                        let mask = ~(((x & lows) &+ lows) | x | lows)
                        // ...gathered into the top byte as one bit per byte, in byte order.
                        let packed = ((mask >> 7) &* 0x0102_0408_1020_4080) >> 56
                        bits |= packed << UInt64(k * 8)
                    }
                } else {
                    for k in 0..<(count - i) where base[i + k] == 0x0A { bits |= 1 << UInt64(k) }
                }
                buffer[w] = bits
                i += 64
            }
            initialized = words
        }
    }
}
