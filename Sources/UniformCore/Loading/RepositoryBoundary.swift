import Foundation

/// The folder a run may read on behalf of data and configuration it did not choose (SPEC §2,
/// "hostile input"): the git work tree that holds the starting folder, else that folder. A
/// stranger's pull request supplies the manifests, `.uniform.lua` and the tests; nothing they
/// name outside the repository is read, and nothing their configuration names is written there.
public struct RepositoryBoundary: Sendable {
    /// The boundary, absolute, symbolic links resolved.
    public var root: String

    /// The git work tree containing `directory` (a `.git` folder or file in it or a parent),
    /// else `directory` itself.
    public init(startingAt directory: String) {
        let start = CanonicalPath.of(directory)
        var url = URL(fileURLWithPath: start)
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(".git").path) {
                root = url.path
                return
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { break }
            url = parent
        }
        root = start
    }

    /// Exactly this folder (a directory the user named).
    public init(root: String) {
        self.root = CanonicalPath.of(root)
    }

    /// Whether `path` (relative paths from the process's directory) resolves inside the root,
    /// symbolic links followed as the read would follow them.
    public func contains(_ path: String) -> Bool { Self.contains(CanonicalPath.of(path), root: root) }

    /// The one containment test, on paths already resolved by `CanonicalPath.of`: the
    /// repository, a project's folder, an xcconfig's includes and configured paths all use it.
    public static func contains(_ canonicalPath: String, root canonicalRoot: String) -> Bool {
        canonicalPath == canonicalRoot || canonicalPath.hasPrefix(canonicalRoot == "/" ? "/" : canonicalRoot + "/")
    }
}
