import Foundation

/// Paths as a user should see them in messages and reports: relative to the folder they ran
/// in when inside it, as given otherwise.
public enum DisplayPath {
    /// An absolute path made relative to the current directory when it is inside it.
    public static func of(_ path: String) -> String {
        of(path, relativeTo: FileManager.default.currentDirectoryPath)
    }

    /// A path made relative to `directory` when it is inside it (`.` for the folder itself).
    /// Both are resolved by `CanonicalPath`, the path's last component kept as named: a file is
    /// shown as the link it was found as, and `..` goes where the kernel takes it.
    public static func of(_ path: String, relativeTo directory: String) -> String {
        let base = CanonicalPath.of(directory)
        let absolute = CanonicalPath.ofParent(path, relativeTo: base)
        if absolute == base { return "." }
        if absolute.hasPrefix(base == "/" ? "/" : base + "/") {
            return String(absolute.dropFirst(base == "/" ? 1 : base.count + 1))
        }
        return path
    }

    /// `path` from a folder (a configuration's) as the user should see it; absolute stays.
    public static func resolve(_ path: String, in directory: String) -> String {
        of(path.hasPrefix("/") ? path : CanonicalPath.ofParent(path, relativeTo: directory))
    }

    /// A path given relative to the run's directory, as the process can open it: unchanged when
    /// the run's directory is the process's (so reports keep the user's spelling).
    public static func local(_ path: String, directory: String) -> String {
        if path.hasPrefix("/") { return path }
        if CanonicalPath.of(directory) == CanonicalPath.of(FileManager.default.currentDirectoryPath) { return path }
        return of(CanonicalPath.ofParent(path, relativeTo: directory))
    }
}
