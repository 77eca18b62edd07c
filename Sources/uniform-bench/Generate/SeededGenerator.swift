import UniformCore

/// The world generator's randomness: SplitMix64 from a seed, so a world depends only on it.
struct SeededGenerator: RandomNumberGenerator {
    private var inner: SplitMix64

    init(seed: UInt64) { inner = SplitMix64(state: seed &+ 0x9E37_79B9_7F4A_7C15) }

    mutating func next() -> UInt64 { inner.next() }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func chance(_ p: Double) -> Bool { unit() < p }
}
