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

    /// The folder a path the user named may resolve into. A path that lies in this repository
    /// as written belongs to it — a link there that leads outside was put there by whoever
    /// wrote the repository, a pull request included, and is refused like any other — so the
    /// answer is `root`. A path outside it as written is the user's own: bounded by the
    /// repository that holds it (the git work tree of its folder), else its folder.
    public func boundary(forNamed path: String, relativeTo directory: String? = nil) -> String {
        let written = Self.lexical(path, relativeTo: directory)
        if Self.contains(written, root: root) { return root }
        var folder = written
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        folder = String(folder[..<(folder.lastIndex(of: "/") ?? folder.startIndex)])
        return RepositoryBoundary(startingAt: folder.isEmpty ? "/" : folder).root
    }

    /// Whether a path the user named may be opened: it resolves (links followed) inside
    /// `boundary(forNamed:)` — the one test for `--baseline`, `--xcconfig`, report paths and
    /// every other path a command line names.
    public func allows(named path: String, relativeTo directory: String? = nil) -> Bool {
        let base = directory ?? FileManager.default.currentDirectoryPath
        return Self.contains(
            CanonicalPath.of(path, relativeTo: base), root: boundary(forNamed: path, relativeTo: base))
    }

    /// `path` made absolute against the canonical `directory` (else the process's), `.` and
    /// `..` taken as written: where a path points before any link in it is followed.
    static func lexical(_ path: String, relativeTo directory: String?) -> String {
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
