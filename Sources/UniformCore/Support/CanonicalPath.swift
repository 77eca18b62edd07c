import Foundation

/// A path as the file system resolves it — absolute, symbolic links followed, `.` and `..`
/// taken as the kernel takes them — computed the same way on Linux and macOS, so two spellings
/// of one folder compare equal.
///
/// Why not Foundation: on macOS `/var`, `/tmp` and `/etc` are links into `/private`, `getcwd`
/// answers `/private/var/…` while an argument or `$TMPDIR` says `/var/…`, and
/// `URL.resolvingSymlinksInPath()` strips `/private` again on Darwin (as its documentation says)
/// but not on Linux; and `standardizedFileURL` on Linux resolves a whole path that holds `..`,
/// its last link included. realpath(3) behaves the same everywhere, so both sides of every
/// comparison (the repository root, report bases, the paths findings name) go through here.
public enum CanonicalPath {
    /// `path` (relative paths against `directory`, else the process's directory) resolved
    /// component by component: as far as it exists by realpath(3), so `link/..` is the parent
    /// of the link's target, as the kernel has it; the components that do not exist yet are
    /// appended as written (`..` among them drops the previous one).
    public static func of(_ path: String, relativeTo directory: String? = nil) -> String {
        var result: String
        if path.hasPrefix("/") {
            result = "/"
        } else {
            let base = directory ?? FileManager.default.currentDirectoryPath
            result = base.hasPrefix("/") ? of(base) : of(base, relativeTo: nil)
        }
        // The usual case, a path that exists, in one call.
        let whole = path.hasPrefix("/") ? path : (result == "/" ? "/" : result + "/") + path
        if let resolved = realpath(whole, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var exists = true
        for component in path.split(separator: "/") {
            switch component {
            case ".":
                continue
            case "..":
                result = parent(of: result)
            default:
                let candidate = result == "/" ? "/" + component : result + "/" + component
                if exists, let resolved = realpath(candidate, nil) {
                    result = String(cString: resolved)
                    free(resolved)
                } else {
                    exists = false
                    result = candidate
                }
            }
        }
        return result
    }

    /// The folder part resolved, the last component kept: a file is named where it was found,
    /// even when it is itself a link (reports name the link, not its target).
    public static func ofParent(_ path: String, relativeTo directory: String? = nil) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let slash = trimmed.lastIndex(of: "/")
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? String(trimmed)
        guard !name.isEmpty, name != ".", name != ".." else { return of(path, relativeTo: directory) }
        let folderPath = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        let folder = of(folderPath, relativeTo: directory)
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    private static func parent(of path: String) -> String {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
