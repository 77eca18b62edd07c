/// Builds strings of at most 15 UTF-8 bytes directly in `String`'s inline ("small") form.
///
/// `String(decoding:as:)` validates the bytes again and then copies them one at a time: about
/// 190 instructions per string, measured, for the ~8,500 short keys and values of one pass
/// over the real-world corpus — 6–7% of reading XML. The reader's text has already been
/// validated (`TextValidator`) and a run between two tags cannot split a UTF-8 sequence, so the
/// two words of the small form can be assembled directly: the bytes in order, and in the top
/// byte the count and the flags (small, immortal, ASCII). That is the standard library's layout
/// on 64-bit little-endian platforms; it is checked once against strings the standard library
/// built itself, and where it ever differs the reader uses `String(decoding:as:)` instead.
enum SmallString {
    /// Whether the assembled form matches the standard library's for every length and both
    /// flag values (checked once per process).
    static let layoutMatches: Bool = {
        guard MemoryLayout<String>.size == 16, 1.littleEndian == 1 else { return false }
        let samples = [
            "", "a", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmno", "é", "aé", "πρόσω", "日本語", "テキスト",
        ]
        return samples.allSatisfy { sample in
            let bytes = Array(sample.utf8) + [UInt8](repeating: 0x3C, count: 8)
            return bytes.withUnsafeBufferPointer { buffer in
                let built = assemble(buffer.baseAddress!, from: 0, count: sample.utf8.count)
                let decoded = String(decoding: buffer[0..<sample.utf8.count], as: UTF8.self)
                return unsafeBitCast(built, to: (UInt64, UInt64).self)
                    == unsafeBitCast(decoded, to: (UInt64, UInt64).self)
                    && built == sample
            }
        }
    }()

    /// The string of `count` (at most 15) valid UTF-8 bytes at `start`, reading no byte at or
    /// after `end`.
    /// `assembling: false` takes the standard library's way (what a layout mismatch does); the
    /// tests compare both ways.
    @inline(__always)
    static func make(
        _ base: UnsafePointer<UInt8>, from start: Int, count: Int, end: Int,
        assembling: Bool = layoutMatches
    ) -> String {
        if count >= 8 || start + 8 <= end, assembling {
            return assemble(base, from: start, count: count)
        }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
    }

    /// Needs 8 readable bytes from `start` when `count` is below 8.
    @inline(__always)
    private static func assemble(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> String {
        let raw = UnsafeRawPointer(base + start)
        let low: UInt64, high: UInt64
        if count >= 8 {
            low = raw.loadUnaligned(as: UInt64.self)
            // The word ending at the last byte, shifted so that byte 8 comes first.
            high =
                count == 8
                ? 0 : raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) >> UInt64(8 * (16 - count))
        } else {
            low = count == 0 ? 0 : raw.loadUnaligned(as: UInt64.self) & (UInt64.max >> UInt64(64 - 8 * count))
            high = 0
        }
        let isASCII = (low | high) & 0x8080_8080_8080_8080 == 0
        // Top byte: 0x80 immortal, 0x40 ASCII, 0x20 small; the low nibble is the count.
        let discriminator: UInt64 = (isASCII ? 0xE0 : 0xA0) | UInt64(count)
        return unsafeBitCast((low, high | discriminator << 56), to: String.self)
    }
}
