/// A short literal (`<key>`, `</string>`, `<!--`) prepared for matching as two integer
/// comparisons instead of a loop over its bytes.
///
/// Built from a `StaticString` inside inlined code, everything here folds to constants, so
/// `ByteScanning.matches("</key>", ...)` costs one load, one mask and one compare. Tag tests
/// run several times per element, which made the byte loop a visible part of parse time.
struct ByteLiteral {
    let literal: StaticString
    /// The first 8 bytes and the next 8, little-endian, as loading them from memory gives,
    /// with masks selecting the bytes the literal has.
    let head: UInt64, headMask: UInt64
    let tail: UInt64, tailMask: UInt64

    @inline(__always)
    init(_ literal: StaticString) {
        self.literal = literal
        var head: UInt64 = 0, headMask: UInt64 = 0, tail: UInt64 = 0, tailMask: UInt64 = 0
        let count = literal.utf8CodeUnitCount
        for i in 0..<min(count, 16) {
            let byte = UInt64(literal.utf8Start[i]), shift = UInt64(i % 8 * 8)
            if i < 8 {
                head |= byte << shift
                headMask |= 0xFF << shift
            } else {
                tail |= byte << shift
                tailMask |= 0xFF << shift
            }
        }
        self.head = head
        self.headMask = headMask
        self.tail = tail
        self.tailMask = tailMask
    }

    var count: Int { literal.utf8CodeUnitCount }

    /// Whether `base[at...]` starts with the literal (and it fits before `end`).
    @inline(__always)
    func matches(in base: UnsafePointer<UInt8>, at: Int, end: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        if count <= 16 && at + 16 <= end {
            let raw = UnsafeRawPointer(base + at)
            let first = raw.loadUnaligned(as: UInt64.self) & headMask == head
            return count <= 8
                ? first : first && raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & tailMask == tail
        }
        // Near the end of the input (or a long literal): byte by byte.
        guard at + count <= end else { return false }
        let bytes = literal.utf8Start
        for i in 0..<count where base[at + i] != bytes[i] { return false }
        return true
    }
}
