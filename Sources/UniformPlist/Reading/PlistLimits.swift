/// Limits that keep hostile input from exhausting the machine; generous for real manifests.
///
/// Real Info.plists nest fewer than 10 levels and hold a few thousand objects; the macOS
/// CoreTypes catalog, the largest manifest there is, holds about 20,000.
public struct PlistLimits: Sendable {
    /// Deepest nesting of dictionaries and arrays.
    public var maxDepth: Int = 512
    /// Largest file accepted (never more than `largestFile`, whatever is set here).
    public var maxBytes: Int = 256 << 20
    /// The hard ceiling on `maxBytes`: marks keep byte offsets in 32 bits.
    public static let largestFile = Int(UInt32.max)
    /// Most values in one document (for binary plists, shared objects count every time they
    /// are used, which stops "billion laughs" built from references).
    public var maxObjects: Int = 2_000_000

    public init() {}

    public init(maxDepth: Int = 512, maxBytes: Int = 256 << 20, maxObjects: Int = 2_000_000) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
        self.maxObjects = maxObjects
    }
}
