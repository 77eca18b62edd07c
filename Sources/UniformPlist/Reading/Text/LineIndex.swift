/// Turns byte offsets into `line:column` marks for OpenStep plists, and for error messages
/// (which may name any earlier position) in both text formats.
///
/// The OpenStep parser works on raw bytes and only knows offsets; counting lines while scanning
/// would put a branch on every byte of every fast loop. Instead one branch-free pass over the text
/// records, for each block of 64 bytes, which of its bytes are `\n` (one bit each), how many
/// newlines come before the block, and where the last of those is. A mark is then a lookup in
/// one block, with no loop and no state: every node and key gets a mark, so it has to be cheap,
/// and newlines fall too irregularly for anything with branches.
struct LineIndex {
    private struct Block {
        /// Bit `k` is set when byte `k` of the block is `\n`.
        var newlines: UInt64
        /// Newlines before the block.
        var linesBefore: Int
        /// Offset just after the last newline before the block (0 when there is none).
        var lineStartBefore: Int
    }

    private let blocks: [Block]
    private let count: Int

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.count = count
        blocks = Self.blocks(base, count: count)
    }

    /// The mark of the byte at `offset`: 1-based line and 1-based column in UTF-8 bytes.
    /// Offsets past the end (errors at the end of the file) count the newlines of the whole text.
    @inline(__always)
    func mark(at offset: Int) -> Mark {
        let target = min(max(offset, 0), count)
        // The block holding `target`; the end of a text that fills its last block is looked up
        // as the position after that block's last byte.
        let index = min(target >> 6, blocks.count - 1)
        guard index >= 0 else { return .text(line: 1, column: offset + 1, offset: offset) }
        let block = blocks[index]
        let within = target - index << 6
        let before = within >= 64 ? block.newlines : block.newlines & ~(UInt64.max << UInt64(within))
        let lastInBlock = index << 6 + 64 - before.leadingZeroBitCount
        let lineStart = before != 0 ? lastInBlock : block.lineStartBefore
        return .text(
            line: 1 + block.linesBefore + before.nonzeroBitCount, column: offset - lineStart + 1, offset: offset)
    }

    /// One pass, eight bytes per step without branches.
    private static func blocks(_ base: UnsafePointer<UInt8>, count: Int) -> [Block] {
        let blockCount = (count + 63) / 64
        return [Block](unsafeUninitializedCapacity: blockCount) { buffer, initialized in
            var linesBefore = 0, lineStartBefore = 0
            for index in 0..<blockCount {
                let start = index << 6
                var bits: UInt64 = 0
                if start + 64 <= count {
                    for k in 0..<8 {
                        let word = UnsafeRawPointer(base + start + k * 8).loadUnaligned(as: UInt64.self)
                        // 0x80 in each byte that is `\n`...
                        let mask = ByteScanning.bytes(of: word, equalTo: 0x0A)
                        // ...gathered into the top byte as one bit per byte, in byte order.
                        bits |= (((mask >> 7) &* 0x0102_0408_1020_4080) >> 56) << UInt64(k * 8)
                    }
                } else {
                    for k in 0..<(count - start) where base[start + k] == 0x0A { bits |= 1 << UInt64(k) }
                }
                (buffer.baseAddress! + index).initialize(
                    to: Block(newlines: bits, linesBefore: linesBefore, lineStartBefore: lineStartBefore))
                linesBefore += bits.nonzeroBitCount
                if bits != 0 { lineStartBefore = start + 64 - bits.leadingZeroBitCount }
            }
            initialized = blockCount
        }
    }
}
