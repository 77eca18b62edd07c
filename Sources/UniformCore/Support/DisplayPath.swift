import Foundation

/// Paths as a user should see them in messages and reports: relative to the folder they ran
/// in when inside it, as given otherwise.
public enum DisplayPath {
    /// An absolute path made relative to the current directory when it is inside it.
    public static func of(_ path: String) -> String {
        of(path, relativeTo: FileManager.default.currentDirectoryPath)
    }

    /// A path made relative to `directory` when it is inside it (`.` for the folder itself).
    public static func of(_ path: String, relativeTo directory: String) -> String {
        let base = URL(fileURLWithPath: directory).standardizedFileURL.path
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base)).standardizedFileURL.path
        if absolute == base { return "." }
        if absolute.hasPrefix(base == "/" ? "/" : base + "/") {
            return String(absolute.dropFirst(base == "/" ? 1 : base.count + 1))
        }
        return path
    }

    /// `path` from a folder (a configuration's) as the user should see it; absolute stays.
    public static func resolve(_ path: String, in directory: String) -> String {
        let absolute =
            path.hasPrefix("/")
            ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).standardizedFileURL.path
        return of(absolute)
    }

    /// A path given relative to the run's directory, as the process can open it: unchanged when
    /// the run's directory is the process's (so reports keep the user's spelling).
    public static func local(_ path: String, directory: String) -> String {
        if path.hasPrefix("/") { return path }
        if CanonicalPath.of(directory) == CanonicalPath.of(FileManager.default.currentDirectoryPath) { return path }
        return of(ProjectPath.join(URL(fileURLWithPath: directory).standardizedFileURL.path, path))
    }
}
