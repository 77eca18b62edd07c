/// The type graph's case-insensitive index from identifier to `TypeID`: open addressing over
/// one array of 8-byte slots (32 bits of hash, 32 bits of id), hashing eight bytes at a step
/// and folding ASCII case on the way, so neither a lookup nor an insert lowercases anything.
///
/// A `[String: TypeID]` keyed by `lowercased()` cost two or three hashes per identifier (as
/// given, lowercased, inserted), a scan for capitals, and a cache miss each in its metadata,
/// key and value arrays: most of interning a world of 100,000 apps. Here a probe reads one
/// slot and compares the identifier only when 32 bits of hash agree.
///
/// Keys are `lowercased()` as before: ASCII is folded in place; an identifier with non-ASCII
/// bytes (legal but unseen in practice) is lowercased by Foundation's rules first.
struct IdentifierTable: Sendable {
    /// 0 is empty; otherwise `hash32 << 32 | (id + 1)`. The low bits of the hash pick the
    /// slot, so growing needs no key.
    private var slots: [UInt64]
    private var mask: Int
    /// Each id's key, compared with ASCII case folded: the identifier as first seen when it is
    /// ASCII (no copy), its `lowercased()` otherwise.
    private var keys: [String] = []

    init(capacity: Int) {
        var size = 16
        while size < capacity + capacity / 2 { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
        keys.reserveCapacity(capacity)
    }

    var count: Int { keys.count }

    /// The id of an identifier, case-insensitively.
    func find(_ identifier: String) -> TypeID? {
        Self.withKeyBytes(identifier) { bytes in
            let h = Self.hash(bytes)
            var i = Int(truncatingIfNeeded: h) & mask
            while true {
                let slot = slots[i]
                if slot == 0 { return nil }
                if UInt32(truncatingIfNeeded: slot >> 32) == h,
                    Self.equalFolded(bytes, keys[Int(slot & 0xFFFF_FFFF) - 1])
                {
                    return TypeID(Int32(truncatingIfNeeded: (slot & 0xFFFF_FFFF) - 1))
                }
                i = (i + 1) & mask
            }
        }
    }

    /// The id of an identifier, or the next id (`count`) for a new one; `inserted` says which.
    mutating func intern(_ identifier: String) -> (id: TypeID, inserted: Bool) {
        let (h, found) = Self.withKeyBytes(identifier) { bytes -> (UInt32, Int) in
            let h = Self.hash(bytes)
            var i = Int(truncatingIfNeeded: h) & mask
            while true {
                let slot = slots[i]
                if slot == 0 { return (h, -1 - i) }
                if UInt32(truncatingIfNeeded: slot >> 32) == h,
                    Self.equalFolded(bytes, keys[Int(slot & 0xFFFF_FFFF) - 1])
                {
                    return (h, Int(slot & 0xFFFF_FFFF) - 1)
                }
                i = (i + 1) & mask
            }
        }
        if found >= 0 { return (TypeID(found), false) }
        let id = keys.count
        keys.append(Self.isASCII(identifier) ? identifier : identifier.lowercased())
        slots[-1 - found] = UInt64(h) << 32 | UInt64(id + 1)
        if keys.count * 4 > slots.count * 3 { grow() }
        return (TypeID(id), true)
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot != 0 {
            var i = Int(truncatingIfNeeded: slot >> 32) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }

    // MARK: - Bytes

    /// Calls `body` with the identifier's UTF-8 bytes, lowercased first when any is non-ASCII
    /// (ASCII capitals are folded by the hash and the comparison).
    private static func withKeyBytes<R>(_ identifier: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var result: R?
        let done = identifier.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard isASCII(bytes) else { return false }
            result = body(bytes)
            return true
        }
        if done == true { return result! }
        var key = isASCII(identifier) ? identifier : identifier.lowercased()
        return key.withUTF8 { body($0) }
    }

    private static func isASCII(_ identifier: String) -> Bool {
        identifier.utf8.withContiguousStorageIfAvailable { isASCII($0) } ?? !identifier.utf8.contains { $0 >= 0x80 }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while i + 8 <= n {
            if raw!.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < n {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// Eight bytes (fewer at the end, zero-padded) from `offset`.
    @inline(__always) private static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64 {
        let left = bytes.count - offset
        if left >= 8 {
            return UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        }
        var w: UInt64 = 0
        for k in 0..<left { w |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        return w
    }

    /// ASCII capitals of a word lowered (bytes with the high bit set are left alone).
    @inline(__always) private static func foldASCII(_ w: UInt64) -> UInt64 {
        let low7 = w & 0x7F7F_7F7F_7F7F_7F7F
        let atLeastA = low7 &+ 0x3F3F_3F3F_3F3F_3F3F // high bit set where byte >= 0x41
        let pastZ = low7 &+ 0x2525_2525_2525_2525 // high bit set where byte >= 0x5B
        let upper = atLeastA & ~pastZ & ~w & 0x8080_8080_8080_8080
        return w | (upper >> 2)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset < bytes.count {
            h = (h ^ foldASCII(word(bytes, offset))) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            offset += 8
        }
        h = (h ^ (h >> 29)) &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }

    /// Whether the bytes equal the key with ASCII case folded on both sides.
    private static func equalFolded(_ bytes: UnsafeBufferPointer<UInt8>, _ key: String) -> Bool {
        key.utf8.withContiguousStorageIfAvailable { k in equalFolded(bytes, k) }
            ?? equalFolded(bytes, Array(key.utf8))
    }

    private static func equalFolded(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var offset = 0
        while offset < a.count {
            if foldASCII(word(a, offset)) != foldASCII(word(b, offset)) { return false }
            offset += 8
        }
        return true
    }

    private static func equalFolded(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
        b.withUnsafeBufferPointer { equalFolded(a, $0) }
    }
}
