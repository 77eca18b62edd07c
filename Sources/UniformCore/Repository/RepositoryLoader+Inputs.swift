import Foundation

extension RepositoryLoader {
    /// Where the manifests come from: loose paths, and projects each with the folder nothing
    /// it names may be read outside of.
    struct Inputs {
        var plain: [String] = []
        var projects: [(path: String, boundary: String)] = []
    }

    /// The inputs, first match wins: the caller's paths, the configuration's projects, its
    /// manifests, else discovery.
    mutating func chooseInputs() throws(RepositoryError) -> Inputs {
        if !options.paths.isEmpty { return try inputs(arguments: options.paths.map(options.local)) }
        if !configuration.projects.isEmpty { return try configuredProjects() }
        if configuration.declaresManifests {
            report.source = "configuration (manifests)"
            return Inputs(plain: configuration.manifests.map(configuration.resolve))
        }
        return discover()
    }

    /// Paths the caller names, each read within the repository that holds it as written.
    mutating func inputs(arguments: [String]) throws(RepositoryError) -> Inputs {
        report.source = "arguments"
        var inputs = Inputs()
        for path in arguments {
            guard boundary.allows(named: path) else {
                throw RepositoryError("\(path): the path links outside the repository; it is not read")
            }
            let bound = boundary.boundary(forNamed: path)
            if path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcodeproj/") {
                inputs.projects.append((path, bound))
            } else if path.hasSuffix(".xcworkspace") || path.hasSuffix(".xcworkspace/") {
                inputs.projects += try workspaceProjects(path, boundary: bound)
            } else if Self.isDirectory(path), !ManifestLoader.isBundleDirectory(ProjectPath.lastComponent(path)) {
                let found = ProjectDiscovery.search(path)
                if found.projects.isEmpty {
                    inputs.plain.append(path)
                } else {
                    inputs.projects += found.projects.map { ($0, bound) }
                    discoveryFindings += found.findings
                    report.skippedPlists += found.plists
                }
            } else {
                inputs.plain.append(path)
            }
        }
        return inputs
    }

    /// The configuration's projects and workspaces, then its manifests.
    mutating func configuredProjects() throws(RepositoryError) -> Inputs {
        report.source = "configuration (project)"
        var inputs = Inputs(plain: configuration.manifests.map(configuration.resolve))
        for path in configuration.projects.map(configuration.resolve) {
            if path.hasSuffix(".xcworkspace") || path.hasSuffix(".xcworkspace/") {
                inputs.projects += try workspaceProjects(path, boundary: boundary.root)
            } else {
                inputs.projects.append((path, boundary.root))
            }
        }
        return inputs
    }

    /// Xcode projects and workspaces under the search root, else its Info.plist files.
    mutating func discover() -> Inputs {
        let root = DisplayPath.of(options.searchRoot)
        let shown = DisplayPath.of(options.searchRoot, relativeTo: options.directory)
        let place = shown == "." ? "the current directory" : shown
        let found = ProjectDiscovery.search(root)
        discoveryFindings += found.findings
        guard !found.projects.isEmpty else {
            report.source = "discovered under \(place): no Xcode project, so the Info.plist files in the tree"
            discoveryFindings += Self.generatedProjectNotes(root)
            return Inputs(plain: [root])
        }
        let count = found.projects.count
        report.source = "discovered under \(place): \(count) Xcode project\(count == 1 ? "" : "s")"
        report.skippedPlists += found.plists
        return Inputs(projects: found.projects.map { ($0, boundary.root) })
    }

    /// The projects a workspace lists, each bounded like the workspace: a member outside
    /// `boundary` (`absolute:`, `group:` or `container:` paths leading out) is a finding and
    /// is never read.
    mutating func workspaceProjects(
        _ path: String, boundary: String
    ) throws(RepositoryError) -> [(path: String, boundary: String)] {
        let workspace: XcodeWorkspace
        do { workspace = try XcodeWorkspace.load(path, boundary: boundary) } catch {
            throw RepositoryError(error.description)
        }
        var projects: [(path: String, boundary: String)] = []
        var missing: [(project: String, location: SourceLocation)] = []
        for (project, location) in workspace.projects {
            guard RepositoryBoundary.contains(CanonicalPath.of(project), root: boundary) else {
                discoveryFindings.append(
                    Finding(
                        .xcodeOutsideRepository,
                        message:
                            "the workspace lists \(ProjectPath.lastComponent(project)), which is outside the repository; it is not read",
                        location: location, subject: ProjectPath.lastComponent(project)))
                continue
            }
            if FileManager.default.fileExists(atPath: ProjectPath.join(project, "project.pbxproj")) {
                projects.append((project, boundary))
            } else {
                missing.append((project, location))
            }
        }
        discoveryFindings += MissingProjects.findings(missing, workspace: path)
        return projects
    }

    /// A repository that generates its Xcode project (XcodeGen's project.yml, Tuist's
    /// Project.swift) has none checked in: its Info.plists are read alone, without the build
    /// settings that complete them. Said once, with the way out (kiwix-apple, for one).
    static func generatedProjectNotes(_ root: String) -> [Finding] {
        let generators = [
            ("project.yml", "XcodeGen", "xcodegen generate"), ("project.yaml", "XcodeGen", "xcodegen generate"),
            ("Project.swift", "Tuist", "tuist generate"),
        ]
        guard
            let (file, tool, command) = generators.first(where: {
                FileManager.default.fileExists(atPath: ProjectPath.join(root, $0.0))
            })
        else { return [] }
        return [
            Finding(
                .xcodeGeneratedProject,
                message:
                    "no Xcode project is checked in: \(tool) generates it from \(file), which uniform does not read, so the Info.plist files are read without their build settings; run `\(command)` first (or set ids and keys with `apps` and `defines` in .uniform.lua)",
                location: SourceLocation(file: DisplayPath.of(ProjectPath.join(root, file))), subject: file)
        ]
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
