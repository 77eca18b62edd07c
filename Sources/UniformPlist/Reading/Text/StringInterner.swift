/// Reuses `String`s for repeated byte runs within one file.
///
/// Manifests repeat the same keys and values hundreds of times (`CFBundleTypeExtensions`,
/// `LSItemContentTypes`, `public.plain-text`). Strings of 16 bytes or more are heap-allocated,
/// so building each occurrence anew costs a malloc, a UTF-8 check and later a free; a hit here
/// costs a hash of two words, a `memcmp` and a retain. The first occurrence of a string is
/// looked up in `WellKnownStrings` before one is built, so Apple's own keys cost no allocation
/// and no reference counting at all. Shorter strings are stored inline in the `String` value
/// and are cheaper to build (`SmallString`) than to look up.
///
/// The hash table holds plain integers (cheap to create and free for every file); only strings
/// actually seen are kept, in `strings`.
struct StringInterner {
    private var table: [Int32]
    /// Where each kept string was first seen (its bytes are compared in place), and the string.
    private var offsets: [Int] = []
    private var counts: [Int] = []
    private var strings: [String] = []
    private let mask: Int
    private let known = WellKnownStrings.shared

    /// Sized for the input: about one slot per 32 bytes, 64...4096 slots.
    init(inputSize: Int) {
        var size = 64
        while size < 4096 && size * 32 < inputSize { size *= 2 }
        table = [Int32](repeating: -1, count: size)
        mask = size - 1
        offsets.reserveCapacity(size / 4)
        counts.reserveCapacity(size / 4)
        strings.reserveCapacity(size / 4)
    }

    /// A hash of `count` (at least 8) bytes from their first and last eight.
    @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
        let tail = UnsafeRawPointer(base + start + count - 8).loadUnaligned(as: UInt64.self)
        var hash = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash)
    }

    /// Whether `count` (at least 8) bytes at `a` and `b` are equal, a word at a time. Inline
    /// rather than `memcmp`: the strings are a few dozen bytes, shorter than the call costs.
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let a = UnsafeRawPointer(a), b = UnsafeRawPointer(b)
        var i = 0
        while i < count - 8 {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i += 8
        }
        // The last word overlaps the previous one when `count` is not a multiple of 8.
        return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    @inline(__always)
    mutating func string(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, end: Int) -> String {
        guard count >= 16 && count <= 256 else {
            if count < 16 { return SmallString.make(base, from: start, count: count, end: end) }
            return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
        }
        let hash = Self.hash(base, from: start, count: count)
        let slot = hash & mask
        let index = Int(table[slot])
        if index >= 0 && counts[index] == count && Self.equal(base + offsets[index], base + start, count: count) {
            return strings[index]
        }
        let string =
            known.string(base, from: start, count: count, hash: hash)
            ?? String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
        if strings.count < Int(Int32.max) {
            table[slot] = Int32(strings.count)
            offsets.append(start)
            counts.append(count)
            strings.append(string)
        }
        return string
    }
}
