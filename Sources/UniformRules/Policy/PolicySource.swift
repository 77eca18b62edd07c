import Foundation
import UniformCore

/// Where a run's policy comes from with `--policy-from REV`: the configuration, rule files and
/// baseline are read from that git revision (a pull request's base, which its author cannot
/// change), while manifests and projects come from the working tree under review. A pull
/// request's own `.uniform.lua` can otherwise disable every rule, by design.
///
/// Files are read straight from git's objects (`GitTreeReader.contents(of:at:)`: no checkout,
/// no attributes, size-capped), by their path in the working tree mapped into the repository.
/// A path outside the repository has no revision: it is refused.
public struct PolicySource: Sendable {
    public let revision: String
    /// The commit `revision` named when the run started: every file comes from this one.
    public let commit: String
    let reader: GitTreeReader
    /// The work tree's root, canonical.
    let root: String

    /// The revision of the repository holding `directory`. `treeRoot` is the folder whose
    /// paths map onto the revision's, when it is not that repository's work tree (a revision
    /// `diff --git` wrote to a temporary folder).
    public init(revision: String, directory: String, treeRoot: String? = nil) throws(GitTreeError) {
        reader = try GitTreeReader(directory: directory)
        self.revision = revision
        commit = try reader.commit(revision)
        root = CanonicalPath.of(treeRoot ?? reader.root)
    }

    /// The path of `path` (absolute, or relative to the process's folder) from the
    /// repository's root, `..` taken as written; nil outside the repository.
    public func repositoryPath(_ path: String) -> String? {
        let written = RepositoryBoundary.lexical(path, relativeTo: nil)
        guard RepositoryBoundary.contains(written, root: root), written != root else { return nil }
        return String(written.dropFirst(root == "/" ? 1 : root.count + 1))
    }

    /// The bytes of the file the working tree has at `path`, as the revision has them; nil
    /// when the revision has no file there.
    public func contents(of path: String) throws(PolicyError) -> Data? {
        guard let relative = repositoryPath(path) else {
            throw PolicyError("\(path): outside the repository, so not in \(revision); --policy-from reads none")
        }
        do { return try reader.contents(of: relative, at: commit) } catch {
            throw PolicyError(error.description)
        }
    }

    /// The configuration that governs `directory` in the revision: the nearest `.uniform.lua`
    /// from that folder up to the repository's root, as the working tree's would be found.
    public func configuration(governing directory: String) throws(PolicyError) -> (path: String, text: Data)? {
        var folder = RepositoryBoundary.lexical(directory, relativeTo: nil)
        while RepositoryBoundary.contains(folder, root: root) {
            let candidate = ProjectPath.join(folder, Configuration.fileName)
            if let text = try contents(of: candidate) { return (candidate, text) }
            if folder == root { break }
            folder = ProjectPath.directory(of: folder)
        }
        return nil
    }
}

/// A policy file that cannot be read from the revision: a usage error (exit 2), since the run
/// would otherwise go on with a policy nobody chose.
public struct PolicyError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
