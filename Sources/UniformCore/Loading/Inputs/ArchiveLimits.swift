/// Limits for reading plists out of archives someone else made.
///
/// An `.ipa` from a download folder can be hostile: a small zip that inflates to gigabytes (a
/// zip bomb), or a header that understates a member's size. A manifest is kilobytes, so the
/// limits can be tight without refusing anything real.
public struct ArchiveLimits: Sendable {
    /// The largest member read, uncompressed (16 MiB: real Info.plists are under 1 MiB).
    public var maxMemberBytes: UInt64 = 16 << 20
    /// The highest compression ratio accepted (uncompressed : compressed). Text plists
    /// compress about 5–20:1; bombs reach 1000:1.
    public var maxCompressionRatio: UInt64 = 200
    /// Below this size the ratio is not checked: a tiny member cannot exhaust anything, and a
    /// short run of blanks compresses far past 200:1 without being a bomb.
    public var ratioCheckFloor: UInt64 = 64 << 10
    /// The most bytes all manifests of one archive may inflate to together (64 MiB: an app
    /// with a hundred extensions reads a few MiB).
    public var maxTotalBytes: UInt64 = 64 << 20
    /// The most entries an archive may list (a central directory bomb otherwise costs memory).
    public var maxEntries: Int = 1_000_000

    public init() {}
}
