/// Paths inside a repository, joined and normalised lexically (`a/./b/../c` → `a/c`), the way
/// Xcode joins a group's path to its parent's. No file system access: symbolic links are the
/// repository boundary's business, not this one's.
public enum ProjectPath {
    public static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        if base.isEmpty || base == "." { return normalize(relative) }
        return normalize(base + "/" + relative)
    }

    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `NetNewsWire` for `…/NetNewsWire.xcodeproj/project.pbxproj`.
    public static func projectName(of pbxproj: String) -> String {
        let folder = lastComponent(directory(of: pbxproj))
        return folder.hasSuffix(".xcodeproj") ? String(folder.dropLast(".xcodeproj".count)) : folder
    }
}
