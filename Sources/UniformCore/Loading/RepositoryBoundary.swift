import Foundation

/// The folder a run may read on behalf of data and configuration it did not choose (docs/SPEC.md §2,
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

    /// The folder the includes of a file the user named may be read from: this repository
    /// when the file resolves inside it, else the repository (or folder) that holds the file.
    public func boundary(forNamed path: String, relativeTo directory: String? = nil) -> String {
        let canonical = CanonicalPath.of(path, relativeTo: directory ?? FileManager.default.currentDirectoryPath)
        if Self.contains(canonical, root: root) { return root }
        return RepositoryBoundary(startingAt: ProjectPath.directory(of: canonical)).root
    }

    /// Whether a path the user named may be opened. A path is the user's to place anywhere,
    /// but a symbolic link inside the repository is whoever wrote the repository's — a pull
    /// request's: walking the path as written, no component may step from inside the
    /// repository to outside it except `..` (`../b.json` is the user's own). The one test for
    /// `--baseline`, `--xcconfig`, report paths and every other path a command line names,
    /// and for the `.uniform.lua` a run finds.
    public func allows(named path: String, relativeTo directory: String? = nil) -> Bool {
        let base = directory ?? FileManager.default.currentDirectoryPath
        var written = path.hasPrefix("/") ? "" : "."
        var current = CanonicalPath.of(path.hasPrefix("/") ? "/" : base)
        for component in path.split(separator: "/") where component != "." {
            written += "/" + component
            let next = CanonicalPath.of(written, relativeTo: base)
            if component != "..", Self.contains(current, root: root), !Self.contains(next, root: root) {
                return false
            }
            current = next
        }
        return true
    }

    /// `path` made absolute against the canonical `directory` (else the process's), `.` and
    /// `..` taken as written: where a path points before any link in it is followed.
    public static func lexical(_ path: String, relativeTo directory: String?) -> String {
        let base = path.hasPrefix("/") ? "" : CanonicalPath.of(directory ?? FileManager.default.currentDirectoryPath)
        var parts: [Substring] = []
        for component in (base + "/" + path).split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
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
