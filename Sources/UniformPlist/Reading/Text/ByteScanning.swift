#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Small byte-level helpers shared by the text parsers.
enum ByteScanning {
    /// Offset of the first `byte` in `base[from..<end]`, or `nil`. Uses `memchr`, which is
    /// vectorised by the C library and far faster than a byte loop on long strings.
    @inline(__always)
    static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, end: Int) -> Int? {
        guard from < end else { return nil }
        guard let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// Whether `base[at...]` starts with `literal` (and fits before `end`).
    @inline(__always)
    static func matches(_ literal: StaticString, in base: UnsafePointer<UInt8>, at: Int, end: Int) -> Bool {
        ByteLiteral(literal).matches(in: base, at: at, end: end)
    }

    /// 0x80 in each byte of `word` that equals `byte`, 0 in the others. Exact, unlike the classic
    /// has-zero-byte trick (no carry spills into the next byte), so the scans below can take
    /// positions and counts from it.
    @inline(__always)
    static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return ~(((x & lows) &+ lows) | x | lows)
    }

    /// Whether every byte is below 0x80, eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0, high: UInt64 = 0
        while i + 8 <= bytes.count {
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < bytes.count {
            high |= UInt64(base[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// A short, printable excerpt of the input for "found ..." in error messages.
    static func excerpt(_ base: UnsafePointer<UInt8>, at: Int, end: Int, limit: Int = 24) -> String {
        guard at < end else { return "end of file" }
        var stop = at
        if base[at] == UInt8(ascii: "<") {
            while stop < end && stop - at < 60 && base[stop] != UInt8(ascii: ">") { stop += 1 }
            if stop < end && base[stop] == UInt8(ascii: ">") { stop += 1 }
        } else {
            while stop < end && stop - at < limit && base[stop] != 0x0A && base[stop] != UInt8(ascii: "<") { stop += 1 }
        }
        // Do not cut a UTF-8 sequence in half.
        while stop < end && stop > at && base[stop] & 0xC0 == 0x80 { stop -= 1 }
        let text = String(decoding: UnsafeBufferPointer(start: base + at, count: stop - at), as: UTF8.self)
        return base[at] == UInt8(ascii: "<") ? text : "'\(text)'"
    }
}

extension ByteScanning {
    /// The text of `base[start..<stop]` without surrounding XML whitespace, as a `String`.
    /// (Foundation's `trimmingCharacters` showed up in profiles.)
    static func trimmedString(_ base: UnsafePointer<UInt8>, from start: Int, to stop: Int) -> String {
        var first = start, last = stop
        while first < last, isWhitespace(base[first]) { first += 1 }
        while last > first, isWhitespace(base[last - 1]) { last -= 1 }
        return String(decoding: UnsafeBufferPointer(start: base + first, count: last - first), as: UTF8.self)
    }
}
