/// An Xcode archive (`MyApp.xcarchive`): the apps in `Products/Applications/`, each read as an
/// `AppBundleInput`. The archive's own Info.plist (archive metadata) and its dSYMs are not
/// manifests and are never read.
struct XCArchiveInput {
    let path: String
    let displayPath: String
    let seed: String

    static let applications = "Products/Applications"

    func entries() -> [ManifestLoader.Entry] {
        let tree = DiskBundleTree(root: path)
        switch tree.node(Self.applications) {
        case .directory:
            let apps = tree.children(of: Self.applications).filter { name in
                InputKind.classify(
                    name: name, isDirectory: tree.node(BundleLayout.join(Self.applications, name)) == .directory)
                    == .bundle
            }
            guard !apps.isEmpty else { break }
            return apps.flatMap { name in
                let relative = BundleLayout.join(Self.applications, name)
                return AppBundleInput(
                    path: BundleLayout.join(path, relative), displayPath: BundleLayout.join(displayPath, relative),
                    seed: BundleLayout.join(seed, relative)
                ).entries()
            }
        case .link(let reason):
            return [.refusal(BundleLayout.join(displayPath, Self.applications), "refused: \(reason)")]
        case .file, .missing:
            break
        }
        return [
            .refusal(
                displayPath,
                "no app in Products/Applications/: an .xcarchive of a framework or a command-line tool has no manifest to read; name the .app or the Info.plist instead"
            )
        ]
    }
}
