import Foundation

/// A bundle directory on disk. Symbolic links are followed only while they stay inside the
/// bundle: a downloaded or hostile app could link `Info.plist` to any file on the machine.
struct DiskBundleTree: BundleTree {
    /// The bundle directory as named.
    let root: String
    /// The bundle directory with links resolved, to check where links lead.
    let realRoot: String

    init(root: String) {
        self.root = root
        self.realRoot = Self.realPath(root) ?? root
    }

    func node(_ path: String) -> BundleNode {
        let full = BundleLayout.join(root, path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), let real = Self.realPath(full)
        else {
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil {
                return .link("a symbolic link that leads nowhere; uniform does not follow it")
            }
            return .missing
        }
        guard real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
            return .link(
                "a symbolic link to \(real), outside the bundle; uniform does not follow links out of a bundle (replace the link with the file, or name the file directly)"
            )
        }
        return isDirectory.boolValue ? .directory : .file
    }

    func children(of path: String) -> [String] {
        let full = BundleLayout.join(root, path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
