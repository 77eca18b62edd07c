import Foundation

/// Turns a repository into a world's inputs without any Lua: the one place the `uniform`
/// tool (through `Session`) and library users go from "this folder" to manifests, findings
/// about the files read, and where each app came from.
///
/// What the configuration names must lie inside the repository (a pull request supplies it);
/// the caller's paths are the caller's own, but a link in the repository that leads out of it
/// is refused. Each project is read with the folder nothing it names may be read outside of.
public struct RepositoryLoader {
    let options: RepositoryOptions
    let boundary: RepositoryBoundary
    /// The configuration with the paths outside the repository taken out.
    var configuration: RepositoryConfiguration
    let buildConfiguration: String
    let runSettings: RunSettings
    let contextRoots: [String]
    /// The configuration named manifests or projects, before any was found outside.
    let configuredInputs: Bool
    var findings: [Finding] = []
    /// Discovery's findings, reported after the projects'.
    var discoveryFindings: [Finding] = []
    var report = LoadReport()

    /// Reads the repository; bad input (missing files, unreadable projects, an empty world
    /// where one is required) throws, naming the file.
    public static func load(_ options: RepositoryOptions) throws(RepositoryError) -> RepositoryLoad {
        var loader = try RepositoryLoader(options)
        return try loader.load()
    }

    init(_ options: RepositoryOptions) throws(RepositoryError) {
        self.options = options
        let config = options.configuration
        let boundary = RepositoryBoundary(startingAt: options.searchRoot)
        self.boundary = boundary
        configuredInputs = !config.manifests.isEmpty || !config.projects.isEmpty
        var contained = config
        var findings: [Finding] = []
        contained.manifests = config.inside(config.manifests, key: "manifests", boundary: boundary, findings: &findings)
        contained.projects = config.inside(config.projects, key: "project", boundary: boundary, findings: &findings)
        contained.xcconfigs = config.inside(config.xcconfigs, key: "xcconfig", boundary: boundary, findings: &findings)
        contained.defaults = config.defaults.flatMap {
            config.inside([$0], key: "defaults", boundary: boundary, findings: &findings).first
        }
        configuration = contained
        buildConfiguration = options.buildConfiguration ?? config.buildConfiguration ?? "Release"
        runSettings = try Self.runSettings(options, configuration: contained, boundary: boundary)
        self.findings = findings + runSettings.findings
        contextRoots = options.context.map { CanonicalPath.of($0) }
    }

    mutating func load() throws(RepositoryError) -> RepositoryLoad {
        let chosen = try chooseInputs()
        let entries = try readProjects(chosen.projects.filter { !isContext($0.path) })
        findings += discoveryFindings
        let usedPlists = Set(entries.map { CanonicalPath.of($0.path) })
        report.skippedPlists = report.skippedPlists.filter { !usedPlists.contains(CanonicalPath.of($0)) }
        var overrides = AppOverrides(configuration)
        let loaded = try loadManifests(entries, plain: chosen.plain, overrides: &overrides)
        var manifests = loaded.manifests
        apply(&overrides, to: &manifests)
        Self.linkHosts(&manifests)
        report.apps = manifests.map(LoadReport.App.init)
        try requireManifests(manifests, loaded: loaded)
        findings = loaded.errorFindings + findings
        let preferences = try readDefaults()
        let inputs = WorldInputs(
            manifests: manifests, preferenceDefaults: preferences,
            platform: options.platform ?? configuration.platform ?? .all,
            os: OSSelection(choosing: configuration.releases + options.releases), findings: findings)
        return RepositoryLoad(
            inputs: inputs, report: report, manifestPaths: chosen.projects.map(\.path) + chosen.plain,
            repositoryRoot: boundary.root, settings: runSettings.levels)
    }

    /// `manifests = {}` on purpose (a rules-only repository) passes over nothing; otherwise a
    /// required world without an app of the team's is an error that says what was found.
    func requireManifests(_ manifests: [Manifest], loaded: ManifestLoader.Result) throws(RepositoryError) {
        let explicit = options.paths
        let choseNothing = explicit.isEmpty && configuration.declaresManifests && !configuredInputs
        guard options.requireManifests, manifests.allSatisfy(\.isContext), loaded.errors.isEmpty, !choseNothing
        else { return }
        let place =
            explicit.isEmpty
            ? DisplayPath.of(options.searchRoot, relativeTo: options.directory)
            : explicit.map(options.local).joined(separator: ", ")
        // Targets were found but none could be read: say why, or the newcomer sees only "nothing".
        let projectFindings = findings.filter(\.isAboutProjectFiles)
        let lines =
            projectFindings.filter { $0.severity > .note } + projectFindings.filter { $0.severity <= .note }
        let reasons = lines.map { "\n  " + ReportText.line($0.loadLine) }.joined()
        throw RepositoryError(
            "no manifests found under \(place == "." ? "the current directory" : place); pass a path, or set `manifests` in .uniform.lua (`uniform init` writes one)"
                + (reasons.isEmpty ? "" : "\nwhat was found but could not be read:" + reasons))
    }

    /// Whether `path` lies in one of the context folders: discovery under the repository finds
    /// those manifests too, and they are the device's, not the team's.
    func isContext(_ path: String) -> Bool { Self.isContext(path, roots: contextRoots) }

    static func isContext(_ path: String, roots: [String]) -> Bool {
        guard !roots.isEmpty else { return false }
        let canonical = CanonicalPath.of(path)
        return roots.contains { RepositoryBoundary.contains(canonical, root: $0) }
    }
}
