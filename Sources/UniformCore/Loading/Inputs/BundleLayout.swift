/// Where an app bundle keeps its manifests: its own `Info.plist` and those of nested bundles.
///
/// macOS bundles keep everything under `Contents/`; iOS bundles are flat. Nested bundles that
/// can declare or claim types live in `PlugIns/` and `Extensions/` (app extensions, old plug-ins)
/// and, on macOS, `Library/QuickLook/*.qlgenerator` and `Library/Spotlight/*.mdimporter`. Each is
/// its own app in the world, as LaunchServices registers each.
enum BundleLayout {
    /// A plist to read (relative to the tree root), or a path refused with the reason.
    enum Found: Equatable {
        case manifest(path: String, nested: Bool)
        case refused(path: String, reason: String)

        var path: String {
            switch self {
            case .manifest(let path, _), .refused(let path, _): path
            }
        }
    }

    static let nestedFolders = ["PlugIns", "Extensions", "Library/QuickLook", "Library/Spotlight"]

    /// The manifests of the bundle at `root` (`""` for the tree's root): its own first, then
    /// nested ones by path.
    static func manifests(of root: String, in tree: BundleTree) -> [Found] {
        var found: [Found] = []
        guard let (main, contents) = infoPlist(of: root, in: tree, found: &found) else {
            if found.isEmpty {
                found.append(
                    .refused(
                        path: root,
                        reason:
                            "no Info.plist in the bundle (looked for Contents/Info.plist and Info.plist); is it a complete build product?"
                    ))
            }
            return found
        }
        found.append(.manifest(path: main, nested: false))
        var nested: [Found] = []
        for folder in nestedFolders {
            let directory = join(contents, folder)
            switch tree.node(directory) {
            case .directory:
                for name in tree.children(of: directory) {
                    let bundle = join(directory, name)
                    switch tree.node(bundle) {
                    case .directory:
                        if let (plist, _) = infoPlist(of: bundle, in: tree, found: &nested) {
                            nested.append(.manifest(path: plist, nested: true))
                        }
                    case .link(let reason):
                        nested.append(.refused(path: bundle, reason: reason))
                    case .file, .missing:
                        continue
                    }
                }
            case .link(let reason):
                nested.append(.refused(path: directory, reason: reason))
            case .file, .missing:
                continue
            }
        }
        return found + nested.sorted { $0.path < $1.path }
    }

    /// The bundle's Info.plist and the folder that holds its contents (`Contents` or the root).
    private static func infoPlist(of bundle: String, in tree: BundleTree, found: inout [Found]) -> (String, String)? {
        for contents in [join(bundle, "Contents"), bundle] {
            let plist = join(contents, "Info.plist")
            switch tree.node(plist) {
            case .file: return (plist, contents)
            case .link(let reason):
                found.append(.refused(path: plist, reason: reason))
                return nil
            case .directory, .missing: continue
            }
        }
        return nil
    }

    static func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : a + "/" + b
    }
}
