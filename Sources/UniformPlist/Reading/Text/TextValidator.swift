/// The one pass every text plist gets before parsing: UTF-8 validity, no NUL bytes, and the
/// newline index for marks.
///
/// Doing this up front means the parsers can build strings with `String(decoding:as:)` (which
/// would silently repair bad bytes) knowing the bytes are valid, and every error can still name
/// the exact position. ASCII runs are skipped eight bytes at a time, so the pass costs little
/// next to parsing.
enum TextValidator {
    struct Problem: Error {
        var offset: Int
        var message: String
    }

    static func validate(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<LineIndex, Problem> {
        var newlines: [Int] = []
        newlines.reserveCapacity(bytes.count / 24)
        guard let base = bytes.baseAddress else { return .success(LineIndex(newlines: [])) }
        let count = bytes.count
        var i = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let newlineWord: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        while i < count {
            // Common case: 32 bytes of ASCII without NUL, handled in one step; the newlines
            // among them are read off exact per-byte masks (0x80 in each byte equal to '\n').
            if i + 32 <= count {
                let raw = UnsafeRawPointer(base + i)
                let w0 = raw.loadUnaligned(as: UInt64.self), w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let w2 = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), w3 = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                @inline(__always) func bad(_ w: UInt64) -> UInt64 {
                    (w & highs) | ~(((w & lows) &+ lows) | w | lows)
                }
                @inline(__always) func newlineMask(_ w: UInt64) -> UInt64 {
                    let x = w ^ newlineWord
                    return ~(((x & lows) &+ lows) | x | lows)
                }
                if bad(w0) | bad(w1) | bad(w2) | bad(w3) == 0 {
                    @inline(__always) func record(_ word: UInt64, at start: Int) {
                        var mask = newlineMask(word)
                        while mask != 0 {
                            newlines.append(start + mask.trailingZeroBitCount / 8)
                            mask &= mask &- 1
                        }
                    }
                    record(w0, at: i)
                    record(w1, at: i + 8)
                    record(w2, at: i + 16)
                    record(w3, at: i + 24)
                    i += 32
                    continue
                }
            }
            if i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let hasZero = (word &- ones) & ~word & highs
                if word & highs == 0 && hasZero == 0 {
                    // Pure ASCII without NUL: record newlines from an exact per-byte mask
                    // (0x80 in every byte equal to '\n') and move on.
                    let x = word ^ newlineWord
                    var newlineMask = ~(((x & lows) &+ lows) | x | lows)
                    while newlineMask != 0 {
                        newlines.append(i + newlineMask.trailingZeroBitCount / 8)
                        newlineMask &= newlineMask &- 1
                    }
                    i += 8
                    continue
                }
            }
            let byte = base[i]
            if byte < 0x80 {
                if byte == 0x0A {
                    newlines.append(i)
                } else if byte == 0 {
                    return .failure(Problem(offset: i, message: "NUL byte in a text property list; the file is probably binary or UTF-16 without a byte-order mark"))
                }
                i += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(byte & 0x07)
            default:
                return .failure(Problem(offset: i, message: "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)); save the file as UTF-8"))
            }
            guard i + length <= count else {
                return .failure(Problem(offset: i, message: "truncated UTF-8 sequence at the end of the file; save the file as UTF-8"))
            }
            for k in 1..<length {
                let continuation = base[i + k]
                guard continuation & 0xC0 == 0x80 else {
                    return .failure(Problem(offset: i, message: "invalid UTF-8 sequence; save the file as UTF-8"))
                }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            let tooSmall = (length == 3 && scalar < 0x800) || (length == 4 && scalar < 0x10000)
            if tooSmall || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                return .failure(Problem(offset: i, message: "invalid UTF-8 sequence (overlong or surrogate); save the file as UTF-8"))
            }
            i += length
        }
        return .success(LineIndex(newlines: newlines))
    }
}
