import Foundation
import UniformCore
import UniformLua
import UniformPlist

/// A run's world and rule engine, built from the current directory, the nearest
/// `.uniform.lua` (or `--config`) and the options — the one place every command, `uniform
/// test`'s suites and library users turn "this repository" into something to ask.
///
/// Where the manifests come from, first match wins: paths given (a manifest, a bundle, an
/// `.xcodeproj`, an `.xcworkspace`, or a directory — searched for projects, else for plists);
/// the configuration's `project`; its `manifests`; else discovery under the configuration's
/// folder (or the current directory): Xcode projects and workspaces, else Info.plist files.
public struct Session {
    public var config: Configuration
    public var engine: RuleEngine
    /// The inputs manifests were read from (paths, projects), for messages.
    public var manifestPaths: [String]
    public var report: LoadReport
    /// The repository the run is about (git top level, else the configuration's folder, else
    /// the run's directory): reports name files relative to it, from whatever folder they ran.
    public var repositoryRoot: String = ""

    /// Builds the session; bad input (missing files, unreadable projects, broken rules, an
    /// empty world where one is required) throws a `SessionError` naming the file and line.
    public static func open(
        _ options: SessionOptions, output: @escaping (String) -> Void = { print($0) }
    ) throws(SessionError) -> Session {
        var config = try loadConfiguration(options)
        let configuredInputs = !config.manifests.isEmpty || !config.projects.isEmpty
        var report = LoadReport()
        // What the configuration names must lie inside the repository: a pull request supplies
        // it. The command line's paths are the user's own.
        let repository = RepositoryBoundary(startingAt: config.file == nil ? options.directory : config.directory)
        var findings: [Finding] = []
        config.manifests = inside(
            config.manifests, key: "manifests", config: config, boundary: repository, findings: &findings)
        config.projects = inside(
            config.projects, key: "project", config: config, boundary: repository, findings: &findings)
        config.xcconfigs = inside(
            config.xcconfigs, key: "xcconfig", config: config, boundary: repository, findings: &findings)
        config.rules = inside(config.rules, key: "rules", config: config, boundary: repository, findings: &findings)
        config.defaults = config.defaults.flatMap {
            inside([$0], key: "defaults", config: config, boundary: repository, findings: &findings).first
        }
        applyLimits(options, to: &config, findings: &findings)
        let settings = try buildSettings(options, config: config)
        let globalDefines = settings.values
        findings += settings.findings
        let buildConfiguration = options.buildConfiguration ?? config.buildConfiguration ?? "Release"

        // Choose the inputs.
        var plain: [String] = []
        var projects: [String] = []
        var discoveryFindings: [Finding] = []
        // Paths are read from the process's directory; a library user's `directory` may differ.
        let explicit = options.paths.map { local($0, directory: options.directory) }
        let searchRoot = config.file == nil ? options.directory : config.directory
        if !explicit.isEmpty {
            report.source = "arguments"
            for path in explicit {
                if path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcodeproj/") {
                    projects.append(path)
                } else if path.hasSuffix(".xcworkspace") || path.hasSuffix(".xcworkspace/") {
                    let found = try workspaceProjects(path, findings: &discoveryFindings)
                    projects += found
                } else if isDirectory(path), !isBundle(path) {
                    let found = ProjectDiscovery.search(path)
                    if found.projects.isEmpty {
                        plain.append(path)
                    } else {
                        projects += found.projects
                        discoveryFindings += found.findings
                        report.skippedPlists += found.plists
                    }
                } else {
                    plain.append(path)
                }
            }
        } else if !config.projects.isEmpty {
            report.source = "configuration (project)"
            for path in config.projects.map(config.resolve) {
                if path.hasSuffix(".xcworkspace") || path.hasSuffix(".xcworkspace/") {
                    projects += try workspaceProjects(path, findings: &discoveryFindings)
                } else {
                    projects.append(path)
                }
            }
            plain = config.manifests.map(config.resolve)
        } else if config.declaresManifests {
            report.source = "configuration (manifests)"
            plain = config.manifests.map(config.resolve)
        } else {
            let root = Configuration.displayPath(searchRoot)
            let shown = Configuration.displayPath(searchRoot, relativeTo: options.directory)
            let place = shown == "." ? "the current directory" : shown
            let found = ProjectDiscovery.search(root)
            discoveryFindings += found.findings
            if found.projects.isEmpty {
                report.source = "discovered under \(place): no Xcode project, so the Info.plist files in the tree"
                plain = [root]
                discoveryFindings += generatedProjectNotes(root)
            } else {
                report.source =
                    "discovered under \(place): \(found.projects.count) Xcode project\(found.projects.count == 1 ? "" : "s")"
                projects = found.projects
                report.skippedPlists += found.plists
            }
        }

        // Read the projects into entries, one per app-like target and platform.
        var entries: [ManifestLoader.Entry] = []
        var seenProjects = Set<String>()
        for project in projects {
            let key = URL(fileURLWithPath: project).standardizedFileURL.path
            guard seenProjects.insert(key).inserted else { continue }
            guard FileManager.default.fileExists(atPath: project) else {
                throw SessionError("\(project): no such file or directory")
            }
            let loaded: XcodeProject
            do { loaded = try XcodeProject.load(project) } catch { throw SessionError(error.description) }
            let boundary = boundary(for: project, directory: options.directory, repository: repository)
            let read = ProjectReader(configuration: buildConfiguration, boundary: boundary).read(loaded)
            report.projects.append(project)
            findings += read.findings
            for (target, reason) in read.skipped {
                report.skippedTargets.append("\(loaded.name) › \(target): \(reason)")
            }
            for app in read.apps {
                guard let plist = app.infoPlist else {
                    if app.generatesInfoPlist {
                        entries.append(.project(app))
                    } else {
                        findings.append(
                            Finding(
                                rule: "xcode.no-info-plist", severity: .note,
                                message:
                                    "target '\(app.target)' sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE; it has no Info.plist to read",
                                location: app.location, subject: app.target))
                    }
                    continue
                }
                guard inside(plist, boundary: boundary) else {
                    findings.append(
                        Finding(
                            rule: "xcode.outside-repository", severity: .warning,
                            message:
                                "target '\(app.target)': INFOPLIST_FILE \(plist) is outside the repository; it is not read",
                            location: app.settingLocations["INFOPLIST_FILE"] ?? app.location, subject: app.target))
                    continue
                }
                guard FileManager.default.fileExists(atPath: plist) else {
                    // `$(DERIVED_FILE_DIR)/Info.plist` and the like: a build phase writes it.
                    let built = [
                        "DERIVED_FILE_DIR", "DERIVED_FILES_DIR", "DERIVED_SOURCES_DIR", "BUILT_PRODUCTS_DIR",
                        "TARGET_BUILD_DIR",
                        "CONFIGURATION_BUILD_DIR", "TARGET_TEMP_DIR", "PROJECT_TEMP_DIR", "OBJROOT", "SYMROOT",
                    ]
                    .first { plist.contains("$(\($0))") || plist.contains("${\($0)}") }
                    let why =
                        built.map {
                            "is produced during the build ($(\($0)) is build output; a build phase writes it), so there is no file to read; to check it, list the plist it is made from under `manifests` (and the project under `project`) in .uniform.lua"
                        }
                        ?? "is not in the repository"
                    findings.append(
                        Finding(
                            rule: "xcode.missing-info-plist", severity: .note,
                            message:
                                "target '\(app.target)' (\(app.configuration)): INFOPLIST_FILE \(plist) \(why); the target is not checked",
                            location: app.settingLocations["INFOPLIST_FILE"] ?? app.location, subject: app.target))
                    continue
                }
                entries.append(.project(app))
            }
        }
        findings += discoveryFindings
        let usedPlists = Set(entries.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        report.skippedPlists = report.skippedPlists.filter {
            !usedPlists.contains(URL(fileURLWithPath: $0).standardizedFileURL.path)
        }

        // Per-app overrides that change how a manifest reads (its defines).
        let overrides = config.apps.map { (key: $0.key, resolved: config.resolve($0.key), value: $0.value) }
        func override(for entry: ManifestLoader.Entry) -> AppOverride? {
            overrides.first { $0.resolved == entry.displayPath || $0.key == entry.project?.target }?.value
        }

        // Read everything.
        let loader = ManifestLoader(defines: globalDefines)
        var loaded = ManifestLoader.Result()
        if !entries.isEmpty {
            var perEntry: [ManifestLoader.Result] = []
            // Entries with their own defines are read by their own loader.
            var batch: [ManifestLoader.Entry] = []
            for entry in entries {
                if let o = override(for: entry), !o.defines.isEmpty {
                    if !batch.isEmpty {
                        perEntry.append(loader.load(batch))
                        batch = []
                    }
                    perEntry.append(
                        ManifestLoader(defines: globalDefines.merging(o.defines) { _, new in new }).load([entry]))
                } else {
                    batch.append(entry)
                }
            }
            if !batch.isEmpty { perEntry.append(loader.load(batch)) }
            for r in perEntry {
                loaded.manifests += r.manifests
                loaded.errors += r.errors
                loaded.skipped += r.skipped
            }
        }
        if !plain.isEmpty {
            let discovered = loader.discover(plain)
            if let missing = discovered.missing.first { throw SessionError("\(missing): no such file or directory") }
            var result = ManifestLoader.Result()
            var batch: [ManifestLoader.Entry] = []
            for entry in discovered.entries {
                if let o = override(for: entry), !o.defines.isEmpty {
                    if !batch.isEmpty {
                        let r = loader.load(batch)
                        result.manifests += r.manifests
                        result.errors += r.errors
                        result.skipped += r.skipped
                        batch = []
                    }
                    let r = ManifestLoader(defines: globalDefines.merging(o.defines) { _, new in new }).load([entry])
                    result.manifests += r.manifests
                    result.errors += r.errors
                    result.skipped += r.skipped
                } else {
                    batch.append(entry)
                }
            }
            if !batch.isEmpty {
                let r = loader.load(batch)
                result.manifests += r.manifests
                result.errors += r.errors
                result.skipped += r.skipped
            }
            loaded.manifests += result.manifests
            loaded.errors += result.errors
            report.skippedPlists += result.skipped
        }
        if !loaded.errors.isEmpty, !options.tolerateBrokenManifests {
            throw SessionError(loaded.errors.map { "\($0)" }.joined(separator: "\nuniform: "))
        }

        var manifests = loaded.manifests
        applyOverrides(config, overrides: overrides, to: &manifests)
        // Distribution: the command line, else the app's override, else the Info.plist's hint,
        // else the configuration's.
        for i in manifests.indices {
            let own = overrides.first(where: {
                $0.resolved == manifests[i].file || $0.key == manifests[i].origin?.target
            })?.value.distribution
            manifests[i].distribution = options.distribution ?? own ?? manifests[i].distribution ?? config.distribution
        }
        linkHosts(&manifests)
        for m in manifests {
            report.apps.append(
                LoadReport.App(
                    bundleID: m.bundleID, platform: m.platform.rawValue, file: m.file,
                    origin: m.origin.map {
                        "\(ProjectPath.projectName(of: $0.project)) › \($0.target) (\($0.productType), \($0.configuration); \($0.platformReason))"
                    },
                    host: m.host))
        }
        for finding in findings.filter({ $0.rule.hasPrefix("xcode.") || $0.rule.hasPrefix("xcconfig.") }) {
            let line = "\(finding.location.map { "\($0): " } ?? "")\(finding.severity.rawValue): \(finding.message)"
            if finding.severity > .note { report.warnings.append(line) } else { report.notes.append(line) }
        }

        // `manifests = {}` on purpose (a rules-only repository), not a list emptied by the boundary.
        let choseNothing = explicit.isEmpty && config.declaresManifests && !configuredInputs
        if options.requireManifests, manifests.isEmpty, loaded.errors.isEmpty, !choseNothing {
            let place =
                explicit.isEmpty
                ? Configuration.displayPath(searchRoot, relativeTo: options.directory)
                : explicit.joined(separator: ", ")
            // Targets were found but none could be read: say why, or the newcomer sees only "nothing".
            let reasons = (report.warnings + report.notes).map { "\n  " + $0 }.joined()
            throw SessionError(
                "no manifests found under \(place == "." ? "the current directory" : place); pass a path, or set `manifests` in .uniform.lua (`uniform init` writes one)"
                    + (reasons.isEmpty ? "" : "\nwhat was found but could not be read:" + reasons))
        }

        // User defaults.
        var preferences: [DefaultHandler] = []
        findings = loaded.errorFindings + findings
        if let path = options.defaults.map({ local($0, directory: options.directory) })
            ?? config.defaults.map(config.resolve)
        {
            do {
                let document = try PlistReader.read(contentsOf: path)
                let read = LaunchServicesPreferences.read(document, file: path)
                preferences = read.handlers
                findings += read.findings
            } catch {
                throw SessionError("\(error)")
            }
        }

        let inputs = WorldInputs(
            manifests: manifests, preferenceDefaults: preferences,
            platform: options.platform ?? config.platform ?? .all, findings: findings)
        let engine = RuleEngine(inputs: inputs, limits: config.limits, output: output)
        engine.team = TeamSettings(suite: config.suite, privateTypes: config.privateTypes)
        do {
            if options.standardRules && config.standardRules { try engine.loadStandardRules() }
            for rule in config.rules.map(config.resolve)
                + options.rules.map({ local($0, directory: options.directory) })
            {
                guard FileManager.default.fileExists(atPath: rule) else {
                    throw SessionError("\(rule): no such rule file")
                }
                try engine.load(file: rule)
            }
        } catch let error as RuleError {
            throw SessionError(error.description)
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError("\(error)")
        }
        var session = Session(config: config, engine: engine, manifestPaths: projects + plain, report: report)
        session.repositoryRoot = repository.root
        return session
    }

    // MARK: - Steps

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
                rule: "xcode.generated-project", severity: .note,
                message:
                    "no Xcode project is checked in: \(tool) generates it from \(file), which uniform does not read, so the Info.plist files are read without their build settings; run `\(command)` first (or set ids and keys with `apps` and `defines` in .uniform.lua)",
                location: SourceLocation(file: Configuration.displayPath(ProjectPath.join(root, file))), subject: file)
        ]
    }

    /// The configuration's limits within the ceiling (unless the command line lifts it), and the
    /// run's time budget shared by every Lua call of the run.
    static func applyLimits(_ options: SessionOptions, to config: inout Configuration, findings: inout [Finding]) {
        if !options.allowRaisedLimits {
            let (limits, capped) = LimitCeiling.apply(config.limits)
            config.limits = limits
            for sentence in capped {
                findings.append(
                    Finding(
                        rule: "config.limits-capped", severity: .warning,
                        message:
                            "limits: \(sentence), the most a configuration may ask for; pass --allow-limits to let it raise them further",
                        location: config.file.map { SourceLocation(file: Configuration.displayPath($0)) },
                        subject: sentence.components(separatedBy: " ").first))
            }
        }
        if options.maxRunTime > 0 { config.limits.runDeadline = LuaLimits.now() + options.maxRunTime }
    }

    static func loadConfiguration(_ options: SessionOptions) throws(SessionError) -> Configuration {
        let file: String?
        if let explicit = options.configFile.map({ local($0, directory: options.directory) }) {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw SessionError("\(explicit): no such configuration file")
            }
            file = explicit
        } else {
            file = Configuration.find(from: options.directory)
        }
        guard let file else { return Configuration(directory: options.directory) }
        do { return try Configuration.load(file: file) } catch { throw SessionError("\(error)") }
    }

    static func buildSettings(_ options: SessionOptions, config: Configuration) throws(SessionError) -> BuildSettings {
        var configs: [XCConfig] = []
        for path in config.xcconfigs.map(config.resolve)
            + options.xcconfigs.map({ local($0, directory: options.directory) })
        {
            do { configs.append(try XCConfig.load(path)) } catch { throw SessionError(error.description) }
        }
        return BuildSettings(xcconfigs: configs, defines: config.defines.merging(options.defines) { _, cli in cli })
    }

    static func workspaceProjects(_ path: String, findings: inout [Finding]) throws(SessionError) -> [String] {
        let workspace: XcodeWorkspace
        do { workspace = try XcodeWorkspace.load(path) } catch { throw SessionError(error.description) }
        var projects: [String] = []
        var missing: [(project: String, location: SourceLocation)] = []
        for (project, location) in workspace.projects {
            if FileManager.default.fileExists(atPath: ProjectPath.join(project, "project.pbxproj")) {
                projects.append(project)
            } else {
                missing.append((project, location))
            }
        }
        findings += MissingProjects.findings(missing, workspace: path)
        return projects
    }

    /// The folder nothing may be read outside of for a project: the repository (the git work
    /// tree, as for everything else) when the project is inside it, whichever of its folders the
    /// run started in (an Xcode Run Script runs in `$SRCROOT`, often below the git root, and a
    /// project there includes `../Shared.xcconfig`); else the current directory when the project
    /// is inside that; else the project's folder (a project named on the command line).
    static func boundary(for project: String, directory: String, repository: RepositoryBoundary) -> String {
        let base = CanonicalPath.of(directory)
        let absolute = CanonicalPath.of(project, relativeTo: base)
        if RepositoryBoundary.contains(absolute, root: repository.root) { return repository.root }
        if RepositoryBoundary.contains(absolute, root: base) { return base }
        return URL(fileURLWithPath: absolute).deletingLastPathComponent().path
    }

    static func inside(_ path: String, boundary: String) -> Bool {
        RepositoryBoundary.contains(CanonicalPath.of(path), root: CanonicalPath.of(boundary))
    }

    /// The configured paths inside the repository; each one outside is a finding naming it, and
    /// is never read.
    static func inside(
        _ paths: [String], key: String, config: Configuration, boundary: RepositoryBoundary, findings: inout [Finding]
    ) -> [String] {
        paths.filter { path in
            let resolved = config.resolve(path)
            guard !FileManager.default.fileExists(atPath: resolved) || boundary.contains(resolved) else {
                findings.append(
                    Finding(
                        rule: "config.outside-repository", severity: .warning,
                        message: "\(key) names \(path), which is outside the repository; it is not read",
                        location: config.file.map { SourceLocation(file: Configuration.displayPath($0)) }, subject: path
                    ))
                return false
            }
            return true
        }
    }

    /// A path given relative to the run's directory, as the process can open it: unchanged when
    /// the run's directory is the process's (so reports keep the user's spelling).
    static func local(_ path: String, directory: String) -> String {
        if path.hasPrefix("/") { return path }
        if CanonicalPath.of(directory) == CanonicalPath.of(FileManager.default.currentDirectoryPath) { return path }
        return Configuration.displayPath(
            ProjectPath.join(URL(fileURLWithPath: directory).standardizedFileURL.path, path))
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `.app` folders and other bundles are inputs of their own, not trees to search.
    static func isBundle(_ path: String) -> Bool {
        ManifestLoader.isBundleDirectory(ProjectPath.lastComponent(path))
    }

    /// `apps` overrides that replace what a manifest says: bundle id, platform.
    static func applyOverrides(
        _ config: Configuration, overrides: [(key: String, resolved: String, value: AppOverride)],
        to manifests: inout [Manifest]
    ) {
        guard !overrides.isEmpty else { return }
        for i in manifests.indices {
            guard
                let o = overrides.first(where: {
                    $0.resolved == manifests[i].file || $0.key == manifests[i].origin?.target
                })?.value
            else { continue }
            if let id = o.bundleID {
                manifests[i].bundleID = id
                manifests[i].declaredBundleID = id
                manifests[i].findings.removeAll { $0.rule == "bundle-id-placeholder" || $0.rule == "bundle-id-missing" }
                for d in manifests[i].exportedTypes.indices {
                    manifests[i].exportedTypes[d].origin = .manifest(bundleID: id)
                }
                for d in manifests[i].importedTypes.indices {
                    manifests[i].importedTypes[d].origin = .manifest(bundleID: id)
                }
            }
            if let p = o.platform { manifests[i].platform = p }
        }
    }

    /// An extension's host: the app of the same project and platform whose target embeds it.
    static func linkHosts(_ manifests: inout [Manifest]) {
        var byTarget: [String: String] = [:]
        for m in manifests {
            if let o = m.origin { byTarget["\(o.project)\u{0}\(o.target)\u{0}\(m.platform.rawValue)"] = m.bundleID }
        }
        for i in manifests.indices {
            guard let o = manifests[i].origin, let host = o.host else { continue }
            manifests[i].host = byTarget["\(o.project)\u{0}\(host)\u{0}\(manifests[i].platform.rawValue)"]
        }
    }
}
