import Foundation

/// What a repository holds, found the way a new user expects with no set-up: the Xcode
/// projects and workspaces under a folder, and the projects the workspaces list.
///
/// Dependencies and build output are not the repository's apps and are not searched: `Pods`,
/// `Carthage`, `.build`, `DerivedData`, `node_modules`, and hidden folders. A project listed
/// by a workspace but absent (a submodule not checked out) or outside the folder is a note.
public struct ProjectDiscovery: Sendable {
    /// Folders never searched.
    public static let skippedFolders: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "node_modules"]
    /// A file whose presence keeps discovery out of its folder.
    public static let ignoreMarker = ".uniform-ignore"

    public var projects: [String] = []
    public var workspaces: [String] = []
    /// Plists in the tree (outside bundles such as `.xcodeproj`), for the plain-manifest
    /// fallback and for `--verbose`.
    public var plists: [String] = []
    public var findings: [Finding] = []

    public init() {}

    /// Searches `root`; paths come back as `root/…` (`root` itself as given).
    public static func search(_ root: String) -> ProjectDiscovery {
        var found = ProjectDiscovery()
        let base = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        func full(_ relative: String) -> String { base == "." ? relative : ProjectPath.join(base, relative) }
        var projects: [String] = [], workspaces: [String] = [], plists: [String] = [], linkedOut: [String] = []
        let boundary = CanonicalPath.of(base)
        DirectoryWalk.walk(base) { entry in
            let name = entry.name
            if name.hasPrefix(".") { return false }
            if entry.isDirectory {
                if skippedFolders.contains(name) { return false }
                // A folder that says so is not the repository's apps: test fixtures and frozen
                // copies of other projects (real repositories keep Info.plists of fixtures).
                if FileManager.default.fileExists(atPath: ProjectPath.join(full(entry.relative), ignoreMarker)) {
                    return false
                }
                // A committed link to a project elsewhere is not this repository's project.
                if entry.isLink, name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace"),
                    !RepositoryBoundary.contains(CanonicalPath.of(full(entry.relative)), root: boundary)
                {
                    linkedOut.append(entry.relative)
                    return false
                }
                if name.hasSuffix(".xcodeproj") {
                    projects.append(entry.relative)
                    return false
                }
                if name.hasSuffix(".xcworkspace") {
                    workspaces.append(entry.relative)
                    return false
                }
                return true
            }
            if entry.exists, ManifestLoader.looksLikePlist(name) { plists.append(entry.relative) }
            return true
        }
        for relative in linkedOut.sorted() {
            found.findings.append(
                Finding(
                    .xcodeOutsideRepository,
                    message:
                        "\(ProjectPath.lastComponent(relative)) is a link to a folder outside the repository; it is not read",
                    location: SourceLocation(file: full(relative)), subject: ProjectPath.lastComponent(relative)))
        }
        found.projects = projects.sorted().map(full)
        found.workspaces = workspaces.sorted().map(full)
        found.plists = plists.sorted().map(full)

        var known = Set(found.projects.map { CanonicalPath.of($0) })
        for workspace in found.workspaces {
            let listed: XcodeWorkspace
            do { listed = try XcodeWorkspace.load(workspace, boundary: boundary) } catch {
                found.findings.append(
                    Finding(
                        .xcodeUnreadableWorkspace, message: error.message,
                        location: error.location))
                continue
            }
            var missing: [(project: String, location: SourceLocation)] = []
            defer { found.findings += MissingProjects.findings(missing, workspace: workspace) }
            for (project, location) in listed.projects {
                let canonical = CanonicalPath.of(project)
                guard !known.contains(canonical) else { continue }
                guard RepositoryBoundary.contains(canonical, root: boundary) else {
                    found.findings.append(
                        Finding(
                            .xcodeOutsideRepository, variant: true,
                            message:
                                "the workspace lists \(ProjectPath.lastComponent(project)), which is outside the folder searched; it is not read",
                            location: location, subject: ProjectPath.lastComponent(project)))
                    continue
                }
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: ProjectPath.join(project, "project.pbxproj"), isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    known.insert(canonical)
                    found.projects.append(project)
                } else {
                    missing.append((project, location))
                }
            }
        }
        return found
    }
}
