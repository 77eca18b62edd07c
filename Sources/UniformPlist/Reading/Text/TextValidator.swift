/// The one pass every text plist gets before parsing: UTF-8 validity and no NUL bytes.
///
/// Doing this up front means the parsers can build strings with `String(decoding:as:)` (which
/// would silently repair bad bytes) knowing the bytes are valid, and every error can still name
/// the exact position. ASCII runs are skipped 32 bytes at a time, so the pass costs little next
/// to parsing. (Newlines are not collected here: the XML parser counts them as it moves.)
enum TextValidator {
    struct Problem: Error {
        var offset: Int
        var message: String
    }

    static func validate(_ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = 0
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// Nonzero when the word has a byte that is not ASCII or is NUL (it may also be nonzero
        /// for a byte after such a byte; the byte-wise path below then decides).
        @inline(__always) func suspicious(_ w: UInt64) -> UInt64 {
            (w | ((w &- ones) & ~w)) & highs
        }
        while i < count {
            // Common case: 32 bytes of ASCII without NUL, checked in one step.
            while i + 32 <= count {
                let raw = UnsafeRawPointer(base + i)
                let w0 = raw.loadUnaligned(as: UInt64.self), w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let w2 = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
                    w3 = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if suspicious(w0) | suspicious(w1) | suspicious(w2) | suspicious(w3) != 0 { break }
                i += 32
            }
            if i + 8 <= count && suspicious(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) == 0 {
                i += 8
                continue
            }
            guard i < count else { break }
            let byte = base[i]
            if byte < 0x80 {
                if byte == 0 {
                    return Problem(
                        offset: i,
                        message:
                            "NUL byte in a text property list; the file is probably binary or UTF-16 without a byte-order mark"
                    )
                }
                i += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF:
                length = 2
                scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF:
                length = 3
                scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4:
                length = 4
                scalar = UInt32(byte & 0x07)
            default:
                return Problem(
                    offset: i,
                    message: "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)); save the file as UTF-8")
            }
            guard i + length <= count else {
                return Problem(
                    offset: i, message: "truncated UTF-8 sequence at the end of the file; save the file as UTF-8")
            }
            for k in 1..<length {
                let continuation = base[i + k]
                guard continuation & 0xC0 == 0x80 else {
                    return Problem(offset: i, message: "invalid UTF-8 sequence; save the file as UTF-8")
                }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            let tooSmall = (length == 3 && scalar < 0x800) || (length == 4 && scalar < 0x10000)
            if tooSmall || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
                return Problem(
                    offset: i, message: "invalid UTF-8 sequence (overlong or surrogate); save the file as UTF-8")
            }
            i += length
        }
        return nil
    }
}
