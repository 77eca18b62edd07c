/// Where a file reference of a project points: its path joined to its group's, up to the
/// project's main group, as Xcode computes it for `sourceTree = "<group>"`; `SOURCE_ROOT`
/// paths start at `SRCROOT`; `<absolute>` paths are taken as written. References relative to
/// build products or SDKs name nothing in the repository and resolve to nil.
struct PBXPaths {
    let objects: PBXObjects
    let sourceRoot: String
    private var parent: [String: String] = [:]

    init(objects: PBXObjects, sourceRoot: String, mainGroup: String?) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        // In id order: a reference listed in two groups (a malformed project) takes the same
        // parent on every run, not the one a hash-seeded dictionary happened to give first.
        let all = objects.all
        for id in all.keys.sorted() {
            for child in all[id]!.references("children") where parent[child] == nil { parent[child] = id }
        }
    }

    /// The path of a file, group or synchronized folder, or nil.
    func path(ofReference id: String) -> String? {
        path(of: id, depth: 0)
    }

    private func path(of id: String, depth: Int) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object.string("path") ?? ""
        switch object.string("sourceTree") ?? "<group>" {
        case "<group>":
            let base: String
            if let parentID = parent[id] {
                guard let p = path(of: parentID, depth: depth + 1) else { return nil }
                base = p
            } else {
                base = sourceRoot
            }
            return own.isEmpty ? base : ProjectPath.join(base, own)
        case "SOURCE_ROOT":
            return own.isEmpty ? sourceRoot : ProjectPath.join(sourceRoot, own)
        case "<absolute>":
            return own.isEmpty ? nil : ProjectPath.normalize(own)
        default:
            return nil
        }
    }

    /// The base `.xcconfig` of a build configuration.
    func baseConfiguration(of config: PBXObject) -> String? {
        if let ref = config.string("baseConfigurationReference") { return path(ofReference: ref) }
        if let anchor = config.string("baseConfigurationReferenceAnchor"),
            let relative = config.string("baseConfigurationReferenceRelativePath"),
            let base = path(ofReference: anchor)
        {
            return ProjectPath.join(base, relative)
        }
        return nil
    }
}
