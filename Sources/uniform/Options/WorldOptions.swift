import ArgumentParser
import Foundation
import UniformRules

/// Options every command that builds a world takes: manifests, rules, defines, platform,
/// user defaults.
struct WorldOptions: ParsableArguments {
    @Option(name: [.customShort("m"), .customLong("manifest")], help: ArgumentHelp("A manifest file or a directory to search (repeatable).", valueName: "MANIFEST"))
    var manifests: [String] = []

    @Option(name: [.customShort("r"), .customLong("rules")], help: ArgumentHelp("A Lua rule file (repeatable).", valueName: "RULES"))
    var rules: [String] = []

    @Option(name: .customLong("define"), help: ArgumentHelp("Define a build placeholder, e.g. PRODUCT_BUNDLE_IDENTIFIER=com.acme.app (repeatable).", valueName: "NAME=VALUE"))
    var defines: [String] = []

    @Option(name: .customLong("xcconfig"), help: ArgumentHelp("Resolve placeholders with an Xcode build configuration file (repeatable; later files win, --define beats them all).", valueName: "FILE"))
    var xcconfigs: [String] = []

    @Option(help: "Which apps take part in resolution: ios, macos or all (default all).")
    var platform: PlatformFilter?

    @Option(help: ArgumentHelp("User default handlers: a LaunchServices preferences plist (com.apple.launchservices.secure.plist).", valueName: "PLIST"))
    var defaults: String?

    @Flag(help: "List skipped plists and other loading details on standard error.")
    var verbose = false

    /// `check` reports unparsable manifests as findings instead of stopping.
    var tolerateBrokenManifests = false

    /// The build settings: `--xcconfig` files in order, then the configuration's defines, then
    /// `--define`s, which win.
    func buildSettings(configured: [String: String] = [:]) throws -> BuildSettings {
        var configs: [XCConfig] = []
        for path in xcconfigs {
            do { configs.append(try XCConfig.load(path)) } catch { throw CommandFailure.input(error.description) }
        }
        return BuildSettings(xcconfigs: configs, defines: configured.merging(try defineTable()) { _, cli in cli })
    }

    func defineTable() throws -> [String: String] {
        var table: [String: String] = [:]
        for define in defines {
            guard let eq = define.firstIndex(of: "="), eq != define.startIndex else {
                throw CommandFailure.input("--define \(define): expected NAME=VALUE")
            }
            table[String(define[..<eq])] = String(define[define.index(after: eq)...])
        }
        return table
    }

    /// Loads the manifests and builds the world (rules applied by the engine).
    func makeWorld(extraManifests: [String] = []) throws -> World {
        try makeSession().engine.world
    }

    /// Reads `.uniform.lua` (if any), the manifests (`paths` or `-m` replace the configured
    /// ones), the user defaults, and the rule files (configured ones, then `-r`), in that order.
    /// Unreadable inputs and broken rules are errors (status 2).
    func makeSession(paths: [String]? = nil, standardRules: Bool = false, output: @escaping (String) -> Void = { Output.print($0) }) throws -> Session {
        var config = Configuration(directory: FileManager.default.currentDirectoryPath)
        if let file = Configuration.find() {
            do { config = try Configuration.load(file: file) } catch let error as RuleError { throw CommandFailure.input(error.description) }
        }
        let settings = try buildSettings(configured: config.defines)
        let explicit = (paths ?? []) + manifests
        let manifestPaths = explicit.isEmpty ? config.manifests.map(config.resolve) : explicit
        let loader = ManifestLoader(defines: settings.values)
        let loaded = loader.load(manifestPaths)
        if verbose {
            for skipped in loaded.skipped { Output.error("skipped (not a manifest): \(skipped)") }
        }
        for finding in settings.findings where verbose || finding.severity > .note {
            Output.error("\(finding.location.map { "\($0): " } ?? "")\(finding.severity.rawValue): \(finding.message)")
        }
        if let missing = loaded.missing.first {
            throw CommandFailure.input("\(missing): no such file or directory")
        }
        if !loaded.errors.isEmpty, !tolerateBrokenManifests {
            throw CommandFailure.input(loaded.errors.map(\.description).joined(separator: "\nuniform: "))
        }
        var preferences: [DefaultHandler] = []
        var findings: [Finding] = loaded.errorFindings + settings.findings
        if let path = defaults ?? config.defaults.map(config.resolve) {
            do {
                let document = try PlistReader.read(contentsOf: path)
                let read = LaunchServicesPreferences.read(document, file: path)
                preferences = read.handlers
                findings += read.findings
            } catch let error as PlistError {
                throw CommandFailure.input(error.description)
            }
        }
        let inputs = WorldInputs(manifests: loaded.manifests, preferenceDefaults: preferences, platform: platform ?? config.platform ?? .all, findings: findings)
        let engine = RuleEngine(inputs: inputs, limits: config.limits, output: output)
        do {
            if standardRules && config.standardRules { try engine.loadStandardRules() }
            for rule in config.rules.map(config.resolve) + rules {
                guard FileManager.default.fileExists(atPath: rule) else { throw CommandFailure.input("\(rule): no such rule file") }
                try engine.load(file: rule)
            }
        } catch let error as RuleError {
            throw CommandFailure.input(error.description)
        }
        return Session(config: config, engine: engine, manifestPaths: manifestPaths)
    }
}

/// A loaded configuration and the engine built from it.
struct Session {
    var config: Configuration
    var engine: RuleEngine
    var manifestPaths: [String]
}

extension PlatformFilter: ExpressibleByArgument {}
extension RoleQuery: ExpressibleByArgument {}
