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
    /// Where the policy was read from with `--policy-from`; nil for the working tree.
    public var policy: PolicySource?
    /// The configured xcconfigs and defines as build-setting levels (`RunSettings`): what
    /// test fixtures read manifests with.
    public var settings: [SettingsStack.Level] = []

    /// Builds the session; bad input (missing files, unreadable projects, broken rules, an
    /// empty world where one is required) throws a `SessionError` naming the file and line.
    public static func open(
        _ options: SessionOptions, output: @escaping (String) -> Void = { print($0) }
    ) throws(SessionError) -> Session {
        let policy = try policySource(options)
        var config = try loadConfiguration(options, policy: policy)
        // A trusted policy is the revision's alone: a manifest's `uniform:ignore` comment is the
        // pull request's, so it suppresses nothing.
        if policy != nil { config.checkOptions.inlineSuppressions = false }
        let configuredInputs = !config.manifests.isEmpty || !config.projects.isEmpty
        var report = LoadReport()
        if let policy {
            // Say which policy ran: a revision with no .uniform.lua gives the defaults silently.
            let source =
                config.file.map { "\(Configuration.displayPath($0)) and its rule files" }
                ?? "no .uniform.lua governs this folder there, so the defaults"
            report.policy =
                "from \(policy.revision) (commit \(policy.commit.prefix(12))): \(source); uniform:ignore comments in the manifests are not applied"
        }
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
        let buildConfiguration = options.buildConfiguration ?? config.buildConfiguration ?? "Release"
        let runSettings = try runSettings(options, config: config, repository: repository)
        findings += runSettings.findings
        let contextPaths = try contextPaths(options, config: config, boundary: repository)
        let contextRoots = contextPaths.map { CanonicalPath.of($0) }

        // Choose the inputs: each project with the folder nothing it names may be read outside
        // of — the run's repository for what the configuration and discovery name, the
        // repository holding it as written for a path the command line names.
        var plain: [String] = []
        var projects: [(path: String, boundary: String)] = []
        var discoveryFindings: [Finding] = []
        // Paths are read from the process's directory; a library user's `directory` may differ.
        let explicit = options.paths.map { local($0, directory: options.directory) }
        let searchRoot = config.file == nil ? options.directory : config.directory
        if !explicit.isEmpty {
            report.source = "arguments"
            for path in explicit {
                guard repository.allows(named: path) else {
                    throw SessionError("\(path): the path links outside the repository; it is not read")
                }
                let bound = repository.boundary(forNamed: path)
                if path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcodeproj/") {
                    projects.append((path, bound))
                } else if path.hasSuffix(".xcworkspace") || path.hasSuffix(".xcworkspace/") {
                    projects += try workspaceProjects(path, boundary: bound, findings: &discoveryFindings)
                } else if isDirectory(path), !isBundle(path) {
                    let found = ProjectDiscovery.search(path)
                    if found.projects.isEmpty {
                        plain.append(path)
                    } else {
                        projects += found.projects.map { ($0, bound) }
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
                    projects += try workspaceProjects(path, boundary: repository.root, findings: &discoveryFindings)
                } else {
                    projects.append((path, repository.root))
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
                projects = found.projects.map { ($0, repository.root) }
                report.skippedPlists += found.plists
            }
        }

        // A project in a context folder is another vendor's: read with the context, not here.
        projects.removeAll { isContext($0.path, roots: contextRoots) }
        // Read the projects into entries, one per app-like target and platform.
        var entries: [ManifestLoader.Entry] = []
        var seenProjects = Set<String>()
        for (project, boundary) in projects {
            let key = CanonicalPath.of(project)
            guard seenProjects.insert(key).inserted else { continue }
            guard FileManager.default.fileExists(atPath: project) else {
                throw SessionError("\(project): no such file or directory")
            }
            guard RepositoryBoundary.contains(key, root: boundary) else {
                findings.append(
                    Finding(
                        rule: "xcode.outside-repository", severity: .warning,
                        message:
                            "\(ProjectPath.lastComponent(project)) is a link to a folder outside the repository; it is not read",
                        location: SourceLocation(file: project), subject: ProjectPath.lastComponent(project)))
                continue
            }
            let loaded: XcodeProject
            do { loaded = try XcodeProject.load(project, boundary: boundary) } catch {
                throw SessionError(error.description)
            }
            let read = ProjectReader(configuration: buildConfiguration, boundary: boundary, above: runSettings.levels)
                .read(loaded)
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
                                "target '\(app.target)': INFOPLIST_FILE names a file outside the repository; it is not read",
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
        let usedPlists = Set(entries.map { CanonicalPath.of($0.path) })
        report.skippedPlists = report.skippedPlists.filter { !usedPlists.contains(CanonicalPath.of($0)) }

        // Per-app overrides that change how a manifest reads (its defines).
        var overrides = AppOverrides(config)
        var loaded = ManifestLoader.Result()
        // A target's own settings already hold the run's levels; a loose manifest has only them.
        load(entries, above: [], overrides: &overrides, configuration: buildConfiguration, into: &loaded)
        if !plain.isEmpty {
            let discovered = ManifestLoader(settings: runSettings.levels).discover(plain)
            if let missing = discovered.missing.first { throw SessionError("\(missing): no such file or directory") }
            findings += runSettings.table(configuration: buildConfiguration).findings
            var result = ManifestLoader.Result()
            load(
                discovered.entries, above: runSettings.levels, overrides: &overrides,
                configuration: buildConfiguration, into: &result)
            loaded.manifests += result.manifests
            loaded.errors += result.errors
            report.skippedPlists += result.skipped
        }
        // Context apps: the team's discovery may have found them too; they are the device's.
        loaded.manifests.removeAll { isContext($0.file, roots: contextRoots) }
        loaded.errors.removeAll { isContext($0.file, roots: contextRoots) }
        report.skippedPlists.removeAll { isContext($0, roots: contextRoots) }
        let context = loadContext(contextPaths, settings: runSettings.levels, configuration: buildConfiguration)
        if let missing = context.missing.first { throw SessionError("\(missing): no such file or directory") }
        loaded.manifests += context.manifests
        loaded.errors += context.errors
        if !loaded.errors.isEmpty, !options.tolerateBrokenManifests {
            throw SessionError(loaded.errors.map { ReportText.line("\($0)") }.joined(separator: "\nuniform: "))
        }

        var manifests = loaded.manifests
        applyOverrides(&overrides, to: &manifests)
        // Distribution: the command line, else the app's override, else the Info.plist's hint,
        // else the configuration's.
        for i in manifests.indices {
            let own = overrides.match(file: manifests[i].file, target: manifests[i].origin?.target)?.distribution
            manifests[i].distribution = options.distribution ?? own ?? manifests[i].distribution ?? config.distribution
        }
        findings += overrides.findings()
        linkHosts(&manifests)
        for m in manifests {
            report.apps.append(
                LoadReport.App(
                    bundleID: m.bundleID, platform: m.platform.rawValue, file: m.file,
                    origin: m.origin.map {
                        "\(ProjectPath.projectName(of: $0.project)) › \($0.target) (\($0.productType), \($0.configuration); \($0.platformReason))"
                    },
                    host: m.host, platformReason: m.origin == nil ? m.platformReason : nil, isContext: m.isContext))
        }
        for finding in findings.filter({ $0.rule.hasPrefix("xcode.") || $0.rule.hasPrefix("xcconfig.") }) {
            let line = "\(finding.location.map { "\($0): " } ?? "")\(finding.severity.rawValue): \(finding.message)"
            if finding.severity > .note { report.warnings.append(line) } else { report.notes.append(line) }
        }

        // `manifests = {}` on purpose (a rules-only repository), not a list emptied by the boundary.
        let choseNothing = explicit.isEmpty && config.declaresManifests && !configuredInputs
        if options.requireManifests, manifests.allSatisfy(\.isContext), loaded.errors.isEmpty, !choseNothing {
            let place =
                explicit.isEmpty
                ? Configuration.displayPath(searchRoot, relativeTo: options.directory)
                : explicit.joined(separator: ", ")
            // Targets were found but none could be read: say why, or the newcomer sees only "nothing".
            let reasons = (report.warnings + report.notes).map { "\n  " + ReportText.line($0) }.joined()
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
            guard repository.allows(named: path) else {
                throw SessionError("\(path): the path links outside the repository; it is not read")
            }
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
            platform: options.platform ?? config.platform ?? .all,
            os: OSSelection(choosing: config.releases + options.releases), findings: findings)
        let engine = RuleEngine(inputs: inputs, limits: config.limits, output: output)
        engine.team = TeamSettings(suite: config.suite, privateTypes: config.privateTypes)
        engine.modules = ModuleSearch(root: repository.root, patterns: config.luaPath, policy: policy)
        do {
            if options.standardRules && config.standardRules { try engine.loadStandardRules() }
            for rule in config.rules.map(config.resolve) {
                try load(rule: rule, into: engine, policy: policy)
            }
            for rule in options.rules.map({ local($0, directory: options.directory) }) {
                guard FileManager.default.fileExists(atPath: rule) else {
                    throw SessionError("\(rule): no such rule file")
                }
                guard repository.allows(named: rule) else {
                    throw SessionError("\(rule): the path links outside the repository; it is not run")
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
        var session = Session(
            config: config, engine: engine, manifestPaths: projects.map(\.path) + plain, report: report)
        session.repositoryRoot = repository.root
        session.policy = policy
        session.settings = runSettings.levels
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

    /// `--policy-from REV`'s source; nil without it.
    static func policySource(_ options: SessionOptions) throws(SessionError) -> PolicySource? {
        guard let revision = options.policyRevision else { return nil }
        do {
            return try PolicySource(
                revision: revision, directory: options.policyRepository ?? options.directory,
                treeRoot: options.policyTreeRoot)
        } catch {
            throw SessionError("--policy-from \(revision): \(error.description)")
        }
    }

    /// A configured rule file, from the trusted revision when there is one.
    static func load(rule: String, into engine: RuleEngine, policy: PolicySource?) throws {
        guard let policy else {
            guard FileManager.default.fileExists(atPath: rule) else {
                throw SessionError("\(rule): no such rule file")
            }
            return try engine.load(file: rule)
        }
        guard let bytes = try policy.contents(of: rule) else {
            throw SessionError("\(Configuration.displayPath(rule)): no such rule file in \(policy.revision)")
        }
        try engine.load(bytes: [UInt8](bytes), chunkName: Configuration.displayPath(rule))
    }

    static func loadConfiguration(
        _ options: SessionOptions, policy: PolicySource? = nil
    ) throws(SessionError) -> Configuration {
        if let policy { return try loadConfiguration(options, from: policy) }
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
        // The configuration is Lua: one that resolves outside the repository holding it as
        // found (a committed link) is not run.
        guard RepositoryBoundary(startingAt: options.directory).allows(named: file, relativeTo: options.directory)
        else {
            throw SessionError("\(file): the configuration links outside the repository; it is not run")
        }
        do { return try Configuration.load(file: file) } catch { throw SessionError("\(error)") }
    }

    /// The configuration as the trusted revision has it: `--config FILE`'s path, else the
    /// nearest `.uniform.lua` there (none: the defaults, whatever the working tree holds).
    /// Paths in it resolve against the working tree's folder of the same name.
    static func loadConfiguration(
        _ options: SessionOptions, from policy: PolicySource
    ) throws(SessionError) -> Configuration {
        let found: (path: String, text: Data)?
        do {
            if let explicit = options.configFile.map({ local($0, directory: options.directory) }) {
                guard let text = try policy.contents(of: explicit) else {
                    throw SessionError("\(explicit): no such configuration file in \(policy.revision)")
                }
                found = (explicit, text)
            } else {
                found = try policy.configuration(governing: options.directory)
            }
        } catch let error as PolicyError {
            throw SessionError("--policy-from \(policy.revision): \(error.description)")
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError("\(error)")
        }
        guard let found else { return Configuration(directory: options.directory) }
        do { return try Configuration.load(file: found.path, contents: found.text) } catch {
            throw SessionError("\(error)")
        }
    }

    /// The configured xcconfigs and defines as levels above every target's (`RunSettings`).
    /// The configuration's files, and their includes, are read inside the repository only; a
    /// file the command line names, inside the repository that holds it as written.
    static func runSettings(
        _ options: SessionOptions, config: Configuration, repository: RepositoryBoundary
    ) throws(SessionError) -> RunSettings {
        let files =
            config.xcconfigs.map { (path: config.resolve($0), boundary: Optional(repository.root)) }
            + options.xcconfigs.map {
                let path = local($0, directory: options.directory)
                // A link in the repository that leads out is the repository's: nothing is read.
                let allowed = repository.allows(named: path)
                return (path: path, boundary: allowed ? Optional(repository.boundary(forNamed: path)) : repository.root)
            }
        var defines: [(values: [String: String], location: SourceLocation)] = []
        if !config.defines.isEmpty, let file = config.file {
            defines.append((config.defines, SourceLocation(file: Configuration.displayPath(file))))
        }
        if !options.defines.isEmpty { defines.append((options.defines, SourceLocation(file: "--define"))) }
        do { return try RunSettings(xcconfigs: files, defines: defines) } catch {
            throw SessionError(error.description)
        }
    }

    /// The projects a workspace lists, each bounded like the workspace: a member outside
    /// `boundary` (`absolute:`, `group:` or `container:` paths leading out) is a finding and
    /// is never read.
    static func workspaceProjects(
        _ path: String, boundary: String, findings: inout [Finding]
    ) throws(SessionError) -> [(path: String, boundary: String)] {
        let workspace: XcodeWorkspace
        do { workspace = try XcodeWorkspace.load(path, boundary: boundary) } catch {
            throw SessionError(error.description)
        }
        var projects: [(path: String, boundary: String)] = []
        var missing: [(project: String, location: SourceLocation)] = []
        for (project, location) in workspace.projects {
            guard RepositoryBoundary.contains(CanonicalPath.of(project), root: boundary) else {
                findings.append(
                    Finding(
                        rule: "xcode.outside-repository", severity: .warning,
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
        findings += MissingProjects.findings(missing, workspace: path)
        return projects
    }

    static func inside(_ path: String, boundary: String) -> Bool {
        RepositoryBoundary.contains(CanonicalPath.of(path), root: CanonicalPath.of(boundary))
    }

    /// The configured paths inside the repository; each one outside is a finding naming it, and
    /// is never read. A path outside as written is refused without being looked at, whether or
    /// not it exists (a pull request must not learn from the log which files the runner has);
    /// one inside as written is followed through its links.
    static func inside(
        _ paths: [String], key: String, config: Configuration, boundary: RepositoryBoundary, findings: inout [Finding]
    ) -> [String] {
        paths.filter { path in
            guard !configuredPathIsOutside(path, config: config, boundary: boundary) else {
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

    /// Whether a path the configuration names lies outside `boundary`: as written, or through
    /// a link it passes.
    static func configuredPathIsOutside(_ path: String, config: Configuration, boundary: RepositoryBoundary) -> Bool {
        let written = RepositoryBoundary.lexical(path, relativeTo: CanonicalPath.of(config.directory))
        return !RepositoryBoundary.contains(written, root: boundary.root) || !boundary.contains(written)
    }

    /// The roots `uniform test` searches: the command line's paths (a link in the repository
    /// that leads out is refused), else the configuration's `tests` (inside the repository, as
    /// written and through links — `tests = { "/" }` walked the runner's whole disk), else `.`.
    public func testRoots(_ paths: [String]) throws(SessionError) -> [String] {
        let boundary = RepositoryBoundary(root: repositoryRoot)
        if !paths.isEmpty {
            for path in paths where !boundary.allows(named: path) {
                throw SessionError("\(path): the path links outside the repository; its tests are not run")
            }
            return paths
        }
        if config.tests.isEmpty { return ["."] }
        for path in config.tests where Self.configuredPathIsOutside(path, config: config, boundary: boundary) {
            throw SessionError(
                "\(config.file.map { Configuration.displayPath($0) } ?? ".uniform.lua"): tests names \(path), which is outside the repository; it is not searched"
            )
        }
        return config.tests.map(config.resolve)
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

    /// Reads entries in order, each one whose override has defines by a loader of its own
    /// (those defines as one more level), the rest in batches between them.
    static func load(
        _ entries: [ManifestLoader.Entry], above: [SettingsStack.Level], overrides: inout AppOverrides,
        configuration: String, into result: inout ManifestLoader.Result
    ) {
        let loader = ManifestLoader(settings: above, configuration: configuration)
        var batch: [ManifestLoader.Entry] = []
        func add(_ r: ManifestLoader.Result) {
            result.manifests += r.manifests
            result.errors += r.errors
            result.skipped += r.skipped
        }
        for entry in entries {
            let own = overrides.match(file: entry.displayPath, target: entry.project?.target)?.defines ?? [:]
            guard !own.isEmpty else {
                batch.append(entry)
                continue
            }
            if !batch.isEmpty { add(loader.load(batch)) }
            batch = []
            let level = RunSettings.defines(own, location: SourceLocation(file: entry.displayPath))
            add(ManifestLoader(settings: above + level, configuration: configuration).load([entry]))
        }
        if !batch.isEmpty { add(loader.load(batch)) }
    }

    /// `apps` overrides that replace what a manifest says: bundle id, platform.
    static func applyOverrides(_ overrides: inout AppOverrides, to manifests: inout [Manifest]) {
        guard !overrides.isEmpty else { return }
        for i in manifests.indices {
            guard let o = overrides.match(file: manifests[i].file, target: manifests[i].origin?.target) else {
                continue
            }
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
            if let p = o.platform {
                manifests[i].platform = p
                manifests[i].platformReason = "platform = \"\(p.rawValue)\" in .uniform.lua's apps"
            }
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
