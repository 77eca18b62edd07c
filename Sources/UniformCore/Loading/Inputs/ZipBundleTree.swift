import ZIPFoundation

/// The entries of a zip archive as a tree, for `BundleLayout`. Directories exist implicitly
/// (many zips list only files); symbolic-link entries are never followed.
struct ZipBundleTree: BundleTree {
    private(set) var files: [String: Entry] = [:]
    private var links: Set<String> = []
    private var directories: [String: Set<String>] = [:]

    /// Adds an entry by its normalised path (no leading `./`, no trailing `/`).
    mutating func add(_ entry: Entry, path: String) {
        let components = path.split(separator: "/").map(String.init)
        guard !components.isEmpty else { return }
        for depth in 0..<components.count {
            let parent = components[0..<depth].joined(separator: "/")
            directories[parent, default: []].insert(components[depth])
        }
        switch entry.type {
        case .file: files[path] = entry
        case .symlink: links.insert(path)
        case .directory: directories[path, default: []] = directories[path, default: []]
        }
    }

    func node(_ path: String) -> BundleNode {
        let key = path.hasSuffix("/") ? String(path.dropLast()) : path
        if files[key] != nil { return .file }
        if links.contains(key) {
            return .link(
                "a symbolic link inside the archive; uniform follows no links in archives (store the file itself)")
        }
        if directories[key] != nil { return .directory }
        return .missing
    }

    func children(of path: String) -> [String] {
        let key = path.hasSuffix("/") ? String(path.dropLast()) : path
        return (directories[key] ?? []).sorted()
    }
}
