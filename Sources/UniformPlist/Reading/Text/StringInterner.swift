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
struct StringInterner {
    private struct Slot {
        var offset: Int
        var count: Int
        var string: String
    }

    private var slots: [Slot?] = Array(repeating: nil, count: 1024)

    @inline(__always)
    mutating func string(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> String {
        guard count >= 16 && count <= 256 else {
            return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
        }
        let head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(base + start + count - 8).loadUnaligned(as: UInt64.self)
        var hash = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 29
        let index = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        if let slot = slots[index], slot.count == count, memcmp(base + slot.offset, base + start, count) == 0 {
            return slot.string
        }
        let string = String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
        slots[index] = Slot(offset: start, count: count, string: string)
        return string
    }
}
