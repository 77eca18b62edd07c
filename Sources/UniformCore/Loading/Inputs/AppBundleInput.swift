/// A bundle directory on disk (`MyApp.app`, macOS or iOS layout), read as its own manifest and
/// the manifests of the plug-ins and extensions inside it (see `BundleLayout`).
struct AppBundleInput {
    /// The directory on disk.
    let path: String
    /// How the directory is shown in locations (as the user named it).
    let displayPath: String
    /// The stand-in seed of the bundle: its path relative to the argument that found it.
    let seed: String

    func entries() -> [ManifestLoader.Entry] {
        BundleLayout.manifests(of: "", in: DiskBundleTree(root: path)).map { found in
            switch found {
            case .manifest(let relative, let nested):
                return ManifestLoader.Entry(
                    path: BundleLayout.join(path, relative), displayPath: BundleLayout.join(displayPath, relative),
                    standInSeed: BundleLayout.join(seed, relative), explicit: !nested, nested: nested)
            case .refused(let relative, let reason):
                let shown = relative.isEmpty ? displayPath : BundleLayout.join(displayPath, relative)
                return .refusal(shown, "refused: \(reason)")
            }
        }
    }
}
