import UniformPlist

/// An Xcode project: its `project.pbxproj` (an OpenStep property list, read with positions so
/// every setting keeps its `file:line`), its targets and build configurations.
///
/// Paths are as the user sees them (relative to the current directory when the project is
/// given that way), joined lexically. `sourceRoot` is Xcode's `SRCROOT`: the folder holding the
/// `.xcodeproj`, plus the project's `projectDirPath` when one is set. File references are
/// followed through their groups (`<group>`, `SOURCE_ROOT`, `<absolute>`, synchronized
/// folders) to find base `.xcconfig` files.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder.
    public var path: String
    /// Its `project.pbxproj`: the file every project location names.
    public var file: String
    /// `PROJECT_NAME`: the `.xcodeproj` name without its extension.
    public var name: String
    /// `SRCROOT`/`PROJECT_DIR`: where `INFOPLIST_FILE` and `<group>` paths start.
    public var sourceRoot: String
    public var configurations: [BuildConfiguration]
    public var defaultConfigurationName: String?
    public var targets: [ProjectTarget]
    /// Sub-projects the project references (`projectReferences`), as paths.
    public var subprojects: [String]

    /// Reads `path` (an `.xcodeproj` folder). A file that does not parse is an error naming
    /// its line; a structure that makes no sense (no root object) is one too.
    ///
    /// With a `boundary`, a `project.pbxproj` that resolves outside it (the project folder, or
    /// the file in it, a link out of the repository) is refused before it is opened: its
    /// content would otherwise be quoted in a parse error.
    public static func load(_ path: String, boundary: String? = nil) throws(ProjectError) -> XcodeProject {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let file = ProjectPath.join(trimmed, "project.pbxproj")
        if let boundary, !RepositoryBoundary.contains(CanonicalPath.of(file), root: CanonicalPath.of(boundary)) {
            throw ProjectError(
                location: SourceLocation(file: file),
                message: "the project file links outside the repository; it is not read")
        }
        let document: PlistDocument
        do {
            document = try PlistReader.read(contentsOf: file)
        } catch let error as PlistError {
            throw ProjectError(error, file: file)
        } catch {
            throw ProjectError(location: SourceLocation(file: file), message: "\(error)")
        }
        return try XcodeProject(document: document, path: trimmed, file: file)
    }

    /// Reads a project from the bytes of its `project.pbxproj`, as `load` does from disk (`path`
    /// names the `.xcodeproj` in locations; nothing is read from it).
    public static func parse(bytes: [UInt8], path: String) throws(ProjectError) -> XcodeProject {
        let file = ProjectPath.join(path, "project.pbxproj")
        let document: PlistDocument
        do {
            document = try PlistReader.read(bytes: bytes, file: file)
        } catch let error as PlistError {
            throw ProjectError(error, file: file)
        } catch {
            throw ProjectError(location: SourceLocation(file: file), message: "\(error)")
        }
        return try XcodeProject(document: document, path: path, file: file)
    }

    init(document: PlistDocument, path: String, file: String) throws(ProjectError) {
        let top = SourceLocation(file: file, mark: document.root.mark)
        guard let root = document.root.dictionary,
            let objectsNode = root["objects"], let objectsDict = objectsNode.dictionary,
            let rootID = root["rootObject"]?.string
        else {
            throw ProjectError(
                location: top, message: "not an Xcode project: expected a dictionary with 'objects' and 'rootObject'")
        }
        let objects = PBXObjects(objectsDict, file: file)
        guard let project = objects[rootID], project.isa == "PBXProject" else {
            throw ProjectError(location: top, message: "rootObject '\(rootID)' is not a PBXProject")
        }
        self.path = path
        self.file = file
        let folderName = ProjectPath.lastComponent(path)
        name = folderName.hasSuffix(".xcodeproj") ? String(folderName.dropLast(".xcodeproj".count)) : folderName
        let container = ProjectPath.directory(of: path)
        let projectDirPath = project.string("projectDirPath") ?? ""
        sourceRoot = projectDirPath.isEmpty ? container : ProjectPath.join(container, projectDirPath)
        let paths = PBXPaths(objects: objects, sourceRoot: sourceRoot, mainGroup: project.string("mainGroup"))

        func configurationList(_ id: String?) -> ([BuildConfiguration], String?) {
            guard let id, let list = objects[id] else { return ([], nil) }
            let configs = list.references("buildConfigurations").compactMap { objects[$0] }.map { config in
                BuildConfiguration(
                    name: config.string("name") ?? "",
                    settings: config.settings(file: file),
                    baseConfiguration: paths.baseConfiguration(of: config),
                    location: config.location
                )
            }
            return (configs, list.string("defaultConfigurationName"))
        }
        (configurations, defaultConfigurationName) = configurationList(project.string("buildConfigurationList"))

        let targetObjects = project.references("targets").compactMap { objects[$0] }
        // A product (the `.appex` a copy phase names) to the target that builds it.
        var targetByProduct: [String: String] = [:]
        for target in targetObjects {
            if let product = target.string("productReference"), let name = target.string("name") {
                targetByProduct[product] = name
            }
        }
        targets = targetObjects.map { target in
            let (configs, defaultName) = configurationList(target.string("buildConfigurationList"))
            var embedded: [String] = []
            for phaseID in target.references("buildPhases") {
                guard let phase = objects[phaseID], phase.isa == "PBXCopyFilesBuildPhase" else { continue }
                for buildFileID in phase.references("files") {
                    guard let ref = objects[buildFileID]?.string("fileRef"), let name = targetByProduct[ref],
                        !embedded.contains(name)
                    else { continue }
                    embedded.append(name)
                }
            }
            return ProjectTarget(
                name: target.string("name") ?? "",
                kind: target.isa ?? "",
                productType: target.string("productType").map(ProductType.init),
                configurations: configs,
                defaultConfigurationName: defaultName,
                embeddedTargets: embedded,
                location: target.location
            )
        }
        subprojects = project.array("projectReferences").compactMap { entry in
            entry.dictionary?["ProjectRef"]?.string.flatMap { paths.path(ofReference: $0) }
        }
    }
}
