import Foundation

/// A path as the file system resolves it — absolute, symbolic links followed, `.` and `..` gone —
/// computed the same way on Linux and macOS, so two spellings of one folder compare equal.
///
/// Why not Foundation: on macOS `/var`, `/tmp` and `/etc` are links into `/private`, `getcwd`
/// answers `/private/var/…` while an argument or `$TMPDIR` says `/var/…`, and
/// `URL.resolvingSymlinksInPath()` strips `/private` again on Darwin (as its documentation says)
/// but not on Linux. realpath(3) keeps it everywhere, so both sides of every comparison (the
/// repository root, report bases, the paths findings name) go through this one function.
public enum CanonicalPath {
    /// `path` (relative paths against `directory`, else the process's directory) resolved by
    /// realpath(3) as far as it exists; the components that do not exist yet are appended as
    /// written, lexically normalised.
    public static func of(_ path: String, relativeTo directory: String? = nil) -> String {
        let base = directory ?? FileManager.default.currentDirectoryPath
        var absolute = path.hasPrefix("/") ? path : (base.hasSuffix("/") ? base : base + "/") + path
        absolute = URL(fileURLWithPath: absolute).standardizedFileURL.path
        var missing: [String] = []
        var existing = absolute
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                var result = String(cString: resolved)
                for component in missing.reversed() {
                    result = result == "/" ? "/" + component : result + "/" + component
                }
                return result
            }
            guard existing != "/", let slash = existing.lastIndex(of: "/") else { return absolute }
            missing.append(String(existing[existing.index(after: slash)...]))
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }

    /// The folder part resolved, the last component kept: a file is named where it was found,
    /// even when it is itself a link (reports name the link, not its target).
    public static func ofParent(_ path: String, relativeTo directory: String? = nil) -> String {
        let base = directory ?? FileManager.default.currentDirectoryPath
        let absolute = URL(
            fileURLWithPath: path.hasPrefix("/") ? path : (base.hasSuffix("/") ? base : base + "/") + path
        )
        .standardizedFileURL.path
        guard absolute != "/", let slash = absolute.lastIndex(of: "/") else { return absolute }
        let name = String(absolute[absolute.index(after: slash)...])
        let folder = of(slash == absolute.startIndex ? "/" : String(absolute[..<slash]))
        return folder == "/" ? "/" + name : folder + "/" + name
    }
}
