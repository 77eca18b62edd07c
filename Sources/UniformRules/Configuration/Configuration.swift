import Foundation
import UniformCore
import UniformLua

/// `.uniform.lua`: a Lua file returning a table — manifests, rules, tests, defines, disabled
/// rules, severities, reporters, limits. Found in the current directory or its parents.
///
/// Paths in it are relative to the file's directory. It runs in the same sandbox as rules,
/// without the `uniform` API: configuration is data.
public struct Configuration: Sendable {
    public static let fileName = ".uniform.lua"

    /// The configuration file, if one was found.
    public var file: String?
    /// Its directory; the base of every relative path in it.
    public var directory: String
    public var manifests: [String] = []
    /// `manifests` was written (even as `{}`): the configuration chose its manifests, so no
    /// discovery runs.
    public var declaresManifests = false
    /// `project`: Xcode projects or workspaces to read instead of discovering them.
    public var projects: [String] = []
    /// `context`: folders (or manifests, bundles) of other vendors' apps on the device, relative
    /// to the configuration: part of every answer, never checked (`Manifest.isContext`).
    public var context: [String] = []
    /// The line of `.uniform.lua` each `context` entry is written on, for errors about it.
    public var contextLines: [String: Int] = [:]
    /// `configuration`: the Xcode build configuration whose settings apply (default Release).
    public var buildConfiguration: String?
    /// `xcconfig`: build settings files for manifests outside a project (as `--xcconfig`).
    public var xcconfigs: [String] = []
    /// `apps`: per-manifest (or per-target) overrides.
    public var apps: [String: AppOverride] = [:]
    public var rules: [String] = []
    public var tests: [String] = []
    public var defines: [String: String] = [:]
    public var platform: PlatformFilter?
    /// `os = "macos15"` or `os = { "macos15", "ios18" }`: the releases answers are for.
    public var releases: [OSRelease] = []
    /// `distribution = "app-store" | "outside"`: how the apps ship, unless an app says otherwise.
    public var distribution: Distribution?
    /// `suite = { "co.example.*" }`: bundle-id patterns of the team's apps, all "inside" for
    /// the exposure check, wherever they come from.
    public var suite: [String] = []
    /// `private_types = { "co.example.secret.*" }`: types the team means to keep to its apps.
    public var privateTypes: [String] = []
    public var defaults: String?
    public var checkOptions = CheckOptions()
    public var reporters: [String] = []
    public var limits = LuaLimits()
    public var standardRules = true
    /// `lua_path`: where `require` looks for modules, relative to the repository's root.
    public var luaPath = ModuleSearch.defaultPatterns
    /// `suppress`: findings silenced with a reason (`uniform check` applies them).
    public var suppressions: [Suppression] = []

    public init(directory: String) {
        self.directory = directory
    }

    /// Looks for `.uniform.lua` in `start` and its parents: the parents of the folder `start`
    /// is (`CanonicalPath`), as `..` from there and `pwd -P` have them.
    public static func find(from start: String = FileManager.default.currentDirectoryPath) -> String? {
        var folder = CanonicalPath.of(start)
        while true {
            let candidate = ProjectPath.join(folder, fileName)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if folder == "/" { return nil }
            folder = ProjectPath.directory(of: folder)
        }
    }

    /// Reads a configuration file; errors name the file and line. With `contents`, those bytes
    /// are the file's (a trusted revision's, `--policy-from`), and nothing is read from disk.
    public static func load(file: String, contents: Data? = nil) throws -> Configuration {
        // The folder the file is in, as the kernel has it: URL took a relative path's `..`
        // lexically (`--config current/../loose/.uniform.lua` read paths from ./loose).
        let directory = CanonicalPath.of(ProjectPath.directory(of: file))
        var config = Configuration(directory: directory)
        config.file = file
        let state = LuaState(limits: LuaLimits(instructions: 10_000_000, memoryBytes: 64 << 20, deadlineSeconds: 5))
        defer { state.close() }
        let values: [LuaValue]
        do {
            if let contents {
                values = try state.call(
                    try state.load(bytes: [UInt8](contents), chunkName: Self.displayPath(file)), [])
            } else {
                values = try state.run(file: file, chunkName: Self.displayPath(file))
            }
        } catch let error as LuaError {
            throw RuleError(error)
        }
        guard case .table(let t)? = values.first else {
            throw RuleError(
                message:
                    "\(displayPath(file)): a configuration file must return a table, e.g. return { manifests = { \"App/Info.plist\" } }"
            )
        }
        let args = LuaArguments(function: displayPath(file), table: t)
        do {
            try args.allowOnly([
                "manifests", "project", "configuration", "xcconfig", "apps", "rules", "tests", "defines", "platform",
                "os",
                "distribution", "suite", "private_types", "defaults", "disable", "severity", "reporters", "limits",
                "standard_rules", "suppress", "lua_path", "context",
            ])
            config.manifests = try args.strings("manifests")
            config.declaresManifests = !t["manifests"].isNil
            config.projects = try args.strings("project")
            config.context = try args.strings("context")
            if !config.context.isEmpty {
                let text = contents ?? FileManager.default.contents(atPath: file) ?? Data()
                config.contextLines = SourceLines.lines(
                    of: config.context, after: "context", in: String(decoding: text, as: UTF8.self))
            }
            config.buildConfiguration = try args.string("configuration")
            config.xcconfigs = try args.strings("xcconfig")
            if let apps = try args.tableValue("apps") {
                config.apps = try AppOverride.read(apps, file: displayPath(file))
            }
            config.rules = try args.strings("rules")
            config.tests = try args.strings("tests")
            config.reporters = try args.strings("reporters")
            config.checkOptions.disabled = Set(try args.strings("disable"))
            config.standardRules = try args.bool("standard_rules") ?? true
            if !t["lua_path"].isNil {
                config.luaPath = try args.strings("lua_path")
                if let bad = config.luaPath.first(where: { !$0.contains("?") }) {
                    throw args.fail(
                        "lua_path entry '\(bad)' has no '?' (the place the module name goes: \"rules/?.lua\")")
                }
            }
            if let p = try args.string("platform") {
                guard let platform = PlatformFilter(rawValue: p) else {
                    throw args.fail("'platform' must be ios, macos or all")
                }
                config.platform = platform
            }
            for name in try args.strings("os") {
                guard let release = OSRelease(name) else {
                    throw args.fail("'os' names no release the catalog describes: \(OSRelease.knownNames)")
                }
                config.releases.append(release)
            }
            if let d = try args.string("distribution") {
                guard let distribution = Distribution(rawValue: d) else {
                    throw args.fail("'distribution' must be app-store or outside")
                }
                config.distribution = distribution
            }
            config.suite = try args.strings("suite")
            config.privateTypes = try args.strings("private_types")
            config.defaults = try args.string("defaults")
            if let suppress = try args.tableValue("suppress") {
                config.suppressions = try ConfiguredSuppressions.read(suppress, directory: directory, file: file)
            }
            for (key, value) in try args.tableValue("defines")?.pairs() ?? [] {
                guard case .string(let k) = key else { throw args.fail("'defines' keys must be names") }
                switch value {
                case .string(let s): config.defines[k] = s
                case .integer(let i): config.defines[k] = String(i)
                default: throw args.fail("defines.\(k) must be a string")
                }
            }
            for (key, value) in try args.tableValue("severity")?.pairs() ?? [] {
                guard case .string(let rule) = key, case .string(let s) = value,
                    let severity = Severity(rawValue: s.lowercased())
                else {
                    throw args.fail("'severity' maps rule ids to error, warning or note")
                }
                config.checkOptions.severities[rule] = severity
            }
            if let limits = try args.tableValue("limits") {
                let l = LuaArguments(function: "\(displayPath(file)) limits", table: limits)
                try l.allowOnly(["instructions", "memory_mb", "seconds"])
                if let n = limits["instructions"].doubleValue { config.limits.instructions = Int64(n) }
                if let n = limits["memory_mb"].doubleValue { config.limits.memoryBytes = Int(n * 1_048_576) }
                if let n = limits["seconds"].doubleValue { config.limits.deadlineSeconds = n }
            }
        } catch let problem as LuaArguments.Problem {
            throw RuleError(message: problem.description)
        }
        return config
    }

    /// A path from the configuration, as the user should see it: relative to the current
    /// directory when inside it.
    public func resolve(_ path: String) -> String { DisplayPath.resolve(path, in: directory) }

    /// An absolute path made relative to the current directory when it is inside it.
    public static func displayPath(_ path: String) -> String { DisplayPath.of(path) }

    /// A path made relative to `directory` when it is inside it (`.` for the folder itself).
    public static func displayPath(_ path: String, relativeTo directory: String) -> String {
        DisplayPath.of(path, relativeTo: directory)
    }
}
