import Foundation
import UniformCore

/// A path on the command line is the user's to place anywhere, but a symbolic link committed
/// inside the repository is the pull request's: a workflow's `--baseline .uniform-baseline.json`
/// must not read `/home/runner/.ssh/…` because the pull request made that name a link. The
/// test is the kernel's: walking the path as written, the first component that lies inside the
/// repository while the kernel resolves it outside is the link that escapes. Paths outside the
/// repository as written (`/tmp/b.json`, `../b.json`) are the user's own and pass.
public enum EscapingLink {
    /// The prefix of `path` (as written) that is a symbolic link inside `repository` leading
    /// out of it; nil when there is none. Relative paths are taken from `directory`.
    public static func find(
        in path: String, repository: RepositoryBoundary,
        directory: String = FileManager.default.currentDirectoryPath
    ) -> String? {
        var written = path.hasPrefix("/") ? "" : "."
        var current = CanonicalPath.of(path.hasPrefix("/") ? "/" : directory)
        for component in path.split(separator: "/") where component != "." {
            written = written.isEmpty ? "/" + component : written + "/" + component
            let next = CanonicalPath.of(written, relativeTo: directory)
            if component != "..", RepositoryBoundary.contains(current, root: repository.root),
                !RepositoryBoundary.contains(next, root: repository.root)
            {
                return written.hasPrefix("./") ? String(written.dropFirst(2)) : written
            }
            current = next
        }
        return nil
    }
}
