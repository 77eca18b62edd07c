/// FNV-1a, 64 bit: a tiny, dependency-free, stable hash for SARIF `partialFingerprints`.
///
/// Not cryptographic, and need not be: code-scanning uses fingerprints only to recognise the
/// same finding across runs. Swift's `Hasher` is seeded per process, so it cannot be used.
enum FNV1a64 {
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash of the parts joined with NUL (which no part contains in practice), so
    /// `("ab", "c")` and `("a", "bc")` differ. 16 lowercase hex digits.
    static func hex(_ parts: [String]) -> String {
        let digits = String(hash(Array(parts.joined(separator: "\u{0}").utf8)), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
