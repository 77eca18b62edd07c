/// Which entries of a revision's tree to read. Reading only what a command can use keeps the
/// caps (`GitTreeLimits`) about the inputs, not about a repository's images and videos.
public struct GitTreeFilter: Sendable {
    public let includes: @Sendable (GitTreeEntry) -> Bool

    public init(_ includes: @escaping @Sendable (GitTreeEntry) -> Bool) { self.includes = includes }

    /// Every file and symbolic link.
    public static let all = GitTreeFilter { _ in true }

    /// What loading a world can read: manifests (`*.plist`, `*.plist.in`, `.ipa`), Xcode
    /// projects and workspaces (`project.pbxproj`, `contents.xcworkspacedata`), `*.xcconfig`,
    /// `.uniform.lua`, rule and test files (`*.lua`), and every symbolic link (tiny, and a link
    /// named like a folder may lead to manifests). A file under another name that the
    /// configuration or an `INFOPLIST_FILE` names is not read.
    public static let worldInputs = GitTreeFilter { entry in
        entry.kind == .symlink || hasSuffix(entry.path, worldSuffixes)
    }

    /// What a policy is made of: `.uniform.lua`, rule and test files (`*.lua`) and baselines
    /// (`*.json`), plus symbolic links.
    public static let policyFiles = GitTreeFilter { entry in
        entry.kind == .symlink || hasSuffix(entry.path, [".lua", ".json"])
    }

    /// Exactly these paths (from the repository's root) and everything below them.
    public static func paths(_ paths: [String]) -> GitTreeFilter {
        let exact = Set(paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        return GitTreeFilter { entry in
            if exact.contains(entry.path) { return true }
            var folder = Substring(entry.path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if exact.contains(String(folder)) { return true }
            }
            return false
        }
    }

    /// Entries either filter takes.
    public func union(_ other: GitTreeFilter) -> GitTreeFilter {
        let (a, b) = (includes, other.includes)
        return GitTreeFilter { a($0) || b($0) }
    }

    static let worldSuffixes = [
        ".plist", ".plist.in", ".ipa", ".pbxproj", ".xcworkspacedata", ".xcconfig", ".lua",
    ]

    private static func hasSuffix(_ path: String, _ suffixes: [String]) -> Bool {
        let lowered = path.lowercased()
        return suffixes.contains { lowered.hasSuffix($0) }
    }
}
