/// A read-only view of a bundle's files, on disk or inside an archive, so one `BundleLayout`
/// finds manifests in both the same way.
protocol BundleTree {
    /// What is at `path` (slash-separated, relative to the tree's root).
    func node(_ path: String) -> BundleNode
    /// The names directly inside the directory at `path`, sorted.
    func children(of path: String) -> [String]
}

/// One path in a `BundleTree`.
enum BundleNode: Equatable {
    case missing
    case file
    case directory
    /// A symbolic link that is not followed: out of the bundle on disk, or any link in an
    /// archive. The payload is the reason, for the error message.
    case link(String)
}
