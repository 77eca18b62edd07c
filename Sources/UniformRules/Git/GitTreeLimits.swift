/// What reading one revision may cost. A pull request supplies the revision: a tree can
/// reference one subtree a thousand times a thousand times (a few kilobytes of `.git` listing
/// a billion paths) and a blob can be gigabytes, so every dimension is capped, checked before
/// anything is written, and a cap exceeded is an error naming the revision and the path — never
/// a silently shorter tree.
public struct GitTreeLimits: Sendable, Hashable {
    /// One file: 64 MiB. The largest real `project.pbxproj` files are a few megabytes.
    public var maxFileBytes: Int
    /// All the files read from one revision together: 256 MiB.
    public var maxTotalBytes: Int
    /// Files read from one revision (after the filter): 50,000.
    public var maxFiles: Int
    /// Entries listed in one revision's tree, read or not: 1,000,000 (a large monorepo has a
    /// few hundred thousand).
    public var maxTreeEntries: Int

    public static let standard = GitTreeLimits(
        maxFileBytes: 64 << 20, maxTotalBytes: 256 << 20, maxFiles: 50_000, maxTreeEntries: 1_000_000)

    public init(maxFileBytes: Int, maxTotalBytes: Int, maxFiles: Int, maxTreeEntries: Int) {
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxFiles = maxFiles
        self.maxTreeEntries = maxTreeEntries
    }
}
