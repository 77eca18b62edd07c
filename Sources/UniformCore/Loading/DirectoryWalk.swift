#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks a directory tree with `readdir`, which says whether an entry is a file or a directory
/// without a `stat` per file: a catalogue of ten thousand manifests spent a tenth of its load
/// time in `FileManager`'s enumerator and existence checks.
///
/// Like `FileManager.enumerator(atPath:)` it lists symbolic links but does not descend into
/// linked directories; an entry's kind is that of what a link points at.
enum DirectoryWalk {
    struct Entry {
        /// Relative to the root, `/`-separated.
        let relative: String
        let name: String
        /// Whether it is (or links to) a directory; false for anything that is not one.
        let isDirectory: Bool
        /// Whether it exists (a dangling link does not).
        let exists: Bool
        /// Whether it is a symbolic link (what it points at may lie outside the walked tree).
        var isLink = false
    }

    /// `UNIFORM_SHUFFLE_SEED`: list every folder in a shuffled order (seeded), as a file
    /// system is free to; the determinism tests run each repository under two seeds.
    static let shuffleSeed: UInt64? = {
        guard let text = getenv("UNIFORM_SHUFFLE_SEED") else { return nil }
        return UInt64(String(cString: text))
    }()

    /// Calls `visit` for every entry below `root`; descends into a directory (not a link to
    /// one) when `visit` returns true.
    static func walk(_ root: String, visit: (Entry) -> Bool) {
        walk(root, prefix: "", visit: visit)
    }

    private static func walk(_ directory: String, prefix: String, visit: (Entry) -> Bool) {
        guard let handle = opendir(directory) else { return }
        var names: [(String, UInt8)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            names.append((name, entry.pointee.d_type))
        }
        closedir(handle)
        if let seed = shuffleSeed {
            // Determinism tests: a file system may list a folder in any order, and nothing
            // the tool prints may depend on it.
            var generator = SplitMix64(state: seed &+ UInt64(names.count))
            names.shuffle(using: &generator)
        }
        for (name, type) in names {
            let path = directory + "/" + name
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            var isDirectory = type == UInt8(DT_DIR), exists = true, descend = isDirectory
            var isLink = type == UInt8(DT_LNK)
            if type != UInt8(DT_DIR) && type != UInt8(DT_REG) {
                // Links and file systems that do not fill in d_type: ask what the path is.
                var info = stat()
                exists = stat(path, &info) == 0
                isDirectory = exists && (info.st_mode & S_IFMT) == S_IFDIR
                var linkInfo = stat()
                descend = isDirectory && lstat(path, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFDIR
                isLink = isLink || (lstat(path, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK)
            }
            var entry = Entry(relative: relative, name: name, isDirectory: isDirectory, exists: exists)
            entry.isLink = isLink
            if visit(entry), descend {
                walk(path, prefix: relative, visit: visit)
            }
        }
    }
}
