#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Reuses `String`s for repeated byte runs within one file.
///
/// Manifests repeat the same keys and values hundreds of times (`CFBundleTypeExtensions`,
/// `LSItemContentTypes`, `public.plain-text`). Strings of 16 bytes or more are heap-allocated,
/// so building each occurrence anew costs a malloc, a UTF-8 check and later a free; a hit here
/// costs a hash of two words, a `memcmp` and a retain. Shorter strings are stored inline in the
/// `String` value and are cheaper to build than to look up.
///
/// The hash table holds plain integers (cheap to create and free for every file); only strings
/// actually seen are kept, in `strings`.
struct StringInterner {
    private var table: [Int32]
    private var offsets: [Int] = []
    private var strings: [String] = []
    private let mask: Int

    /// Sized for the input: about one slot per 32 bytes, 64...4096 slots.
    init(inputSize: Int) {
        var size = 64
        while size < 4096 && size * 32 < inputSize { size *= 2 }
        table = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always)
    mutating func string(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> String {
        guard count >= 16 && count <= 256 else {
            return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
        }
        let head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(base + start + count - 8).loadUnaligned(as: UInt64.self)
        var hash = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 29
        let slot = Int(truncatingIfNeeded: hash) & mask
        let index = Int(table[slot])
        if index >= 0 {
            let offset = offsets[index]
            let candidate = strings[index]
            if candidate.utf8.count == count && memcmp(base + offset, base + start, count) == 0 {
                return candidate
            }
        }
        let string = String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
        if strings.count < Int(Int32.max) {
            table[slot] = Int32(strings.count)
            offsets.append(start)
            strings.append(string)
        }
        return string
    }
}
