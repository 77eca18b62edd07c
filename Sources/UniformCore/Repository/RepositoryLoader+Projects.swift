import Foundation

extension RepositoryLoader {
    /// Reads the projects into entries, one per app-like target and platform; each project
    /// once, and none that resolves outside its boundary.
    mutating func readProjects(
        _ projects: [(path: String, boundary: String)]
    ) throws(RepositoryError) -> [ManifestLoader.Entry] {
        var entries: [ManifestLoader.Entry] = []
        var seen = Set<String>()
        for (project, boundary) in projects {
            let key = CanonicalPath.of(project)
            guard seen.insert(key).inserted else { continue }
            guard FileManager.default.fileExists(atPath: project) else {
                throw RepositoryError("\(project): no such file or directory")
            }
            guard RepositoryBoundary.contains(key, root: boundary) else {
                findings.append(
                    Finding(
                        .xcodeOutsideRepository,
                        message:
                            "\(ProjectPath.lastComponent(project)) is a link to a folder outside the repository; it is not read",
                        location: SourceLocation(file: project), subject: ProjectPath.lastComponent(project)))
                continue
            }
            entries += try read(project, boundary: boundary)
        }
        return entries
    }

    /// One project's app-like targets whose Info.plist can be read.
    mutating func read(_ project: String, boundary: String) throws(RepositoryError) -> [ManifestLoader.Entry] {
        let loaded: XcodeProject
        do { loaded = try XcodeProject.load(project, boundary: boundary) } catch {
            throw RepositoryError(error.description)
        }
        let read = ProjectReader(configuration: buildConfiguration, boundary: boundary, above: runSettings.levels)
            .read(loaded)
        report.projects.append(project)
        findings += read.findings
        for (target, reason) in read.skipped {
            report.skippedTargets.append("\(loaded.name) › \(target): \(reason)")
        }
        return read.apps.compactMap { app in
            let checked = Self.check(app, boundary: boundary)
            if let finding = checked.finding { findings.append(finding) }
            return checked.read ? .project(app) : nil
        }
    }

    /// Whether a target's Info.plist is read (Xcode generates it, or the file is in the
    /// repository), and the finding that says why not.
    static func check(_ app: ProjectApp, boundary: String) -> (read: Bool, finding: Finding?) {
        guard let plist = app.infoPlist else {
            if app.generatesInfoPlist { return (true, nil) }
            return (
                false,
                Finding(
                    .xcodeNoInfoPlist,
                    message:
                        "target '\(app.target)' sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE; it has no Info.plist to read",
                    location: app.location, subject: app.target)
            )
        }
        let at = app.settingLocations["INFOPLIST_FILE"] ?? app.location
        guard RepositoryBoundary.contains(CanonicalPath.of(plist), root: CanonicalPath.of(boundary)) else {
            return (
                false,
                Finding(
                    .xcodeOutsideRepository,
                    message:
                        "target '\(app.target)': INFOPLIST_FILE names a file outside the repository; it is not read",
                    location: at, subject: app.target)
            )
        }
        guard FileManager.default.fileExists(atPath: plist) else {
            return (
                false,
                Finding(
                    .xcodeMissingInfoPlist,
                    message:
                        "target '\(app.target)' (\(app.configuration)): INFOPLIST_FILE \(plist) \(missingReason(plist)); the target is not checked",
                    location: at, subject: app.target)
            )
        }
        return (true, nil)
    }

    /// `$(DERIVED_FILE_DIR)/Info.plist` and the like: a build phase writes it.
    static func missingReason(_ plist: String) -> String {
        let built = [
            "DERIVED_FILE_DIR", "DERIVED_FILES_DIR", "DERIVED_SOURCES_DIR", "BUILT_PRODUCTS_DIR", "TARGET_BUILD_DIR",
            "CONFIGURATION_BUILD_DIR", "TARGET_TEMP_DIR", "PROJECT_TEMP_DIR", "OBJROOT", "SYMROOT",
        ]
        .first { plist.contains("$(\($0))") || plist.contains("${\($0)}") }
        return built.map {
            "is produced during the build ($(\($0)) is build output; a build phase writes it), so there is no file to read; to check it, list the plist it is made from under `manifests` (and the project under `project`) in .uniform.lua"
        } ?? "is not in the repository"
    }
}
