import ArgumentParser
import Foundation
import UniformCore
import UniformRules

/// Options every command that builds a world takes: manifests, rules, defines, platform,
/// user defaults.
struct WorldOptions: ParsableArguments {
    @Option(
        name: [.customShort("m"), .customLong("manifest")],
        help: ArgumentHelp("A manifest file or a directory to search (repeatable).", valueName: "MANIFEST"),
        completion: .file())
    var manifests: [String] = []

    @Option(
        name: .customLong("context"),
        help: ArgumentHelp(
            "Other vendors' apps on the device: a folder of manifests, a manifest or a bundle that takes part in every answer but is not checked (repeatable; adds to the configuration's `context`).",
            valueName: "PATH"),
        completion: .file())
    var context: [String] = []

    @Option(
        name: [.customShort("r"), .customLong("rules")],
        help: ArgumentHelp("A Lua rule file (repeatable).", valueName: "RULES"),
        completion: .file(extensions: ["lua"]))
    var rules: [String] = []

    @Option(
        name: .customLong("define"),
        help: ArgumentHelp(
            "Define a build placeholder, e.g. PRODUCT_BUNDLE_IDENTIFIER=com.acme.app (repeatable).",
            valueName: "NAME=VALUE"))
    var defines: [String] = []

    @Option(
        name: .customLong("xcconfig"),
        help: ArgumentHelp(
            "Resolve placeholders with an Xcode build configuration file (repeatable; later files win, --define beats them all).",
            valueName: "FILE"),
        completion: .file(extensions: ["xcconfig"]))
    var xcconfigs: [String] = []

    @Option(help: "Which apps take part in resolution: ios, macos or all (default all).")
    var platform: PlatformFilter?

    @Option(
        name: .customLong("os"),
        help: ArgumentHelp(
            "The release whose system types the answers are for, e.g. macos15 or ios18 (repeatable, one per platform; default: the configuration's `os`, else the newest described: \(OSSelection.newest.macos.name), \(OSSelection.newest.ios.name)).",
            valueName: "RELEASE"),
        completion: .list(OSRelease.all.map(\.name)),
        transform: { text in
            guard let release = OSRelease(text) else {
                throw ValidationError("unknown release '\(text)' for --os; known: \(OSRelease.knownNames)")
            }
            return release
        })
    var releases: [OSRelease] = []

    @Option(
        help: ArgumentHelp(
            "How the apps ship: app-store or outside (default: the configuration's, else each Info.plist's hint, e.g. Sparkle's keys mean outside). App Store Connect warnings are notes outside the store.",
            valueName: "HOW"))
    var distribution: Distribution?

    @Option(
        help: ArgumentHelp(
            "User default handlers: a LaunchServices preferences plist (com.apple.launchservices.secure.plist).",
            valueName: "PLIST"),
        completion: .file(extensions: ["plist"]))
    var defaults: String?

    @Flag(
        help:
            "Say on standard error where the manifests came from: projects, targets with their ids and platforms, skipped targets and plists."
    )
    var verbose = false

    @Option(
        name: .customLong("configuration"),
        help: ArgumentHelp(
            "The Xcode build configuration whose settings apply (default: the configuration file's, else Release).",
            valueName: "NAME"))
    var buildConfiguration: String?

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp("Use this configuration file instead of the nearest .uniform.lua.", valueName: "FILE"),
        completion: .file(extensions: ["lua"]))
    var configFile: String?

    @Flag(
        name: .customLong("allow-limits"),
        help:
            "Let the configuration's `limits` raise the Lua limits above the ceiling (1e9 instructions, 1024 MB, 60 s per call). Without it a pull request's .uniform.lua cannot give its rules more."
    )
    var allowLimits = false

    @Option(
        name: .customLong("max-run-time"),
        help: ArgumentHelp("Seconds all Lua calls of the run may take together (0: no budget).", valueName: "SECONDS"))
    var maxRunTime: Double = 300

    @Option(
        name: .customLong("policy-from"),
        help: ArgumentHelp(
            "Read .uniform.lua, the rule files and the baseline from this git revision (a pull request's base); manifests and projects from the working tree.",
            valueName: "REV"))
    var policyFrom: String?

    /// `check` reports unparsable manifests as findings instead of stopping.
    var tolerateBrokenManifests = false

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

    /// What the command line says about the world, for `Session.open`.
    func sessionOptions(
        paths: [String] = [], standardRules: Bool = false, requireManifests: Bool = false, directory: String? = nil
    ) throws -> SessionOptions {
        var options = SessionOptions(directory: directory ?? FileManager.default.currentDirectoryPath)
        options.repository.paths = paths + manifests
        options.repository.context = context
        options.repository.defines = try defineTable()
        options.repository.xcconfigs = xcconfigs
        options.repository.platform = platform
        options.repository.releases = releases
        options.repository.distribution = distribution
        options.repository.defaults = defaults
        options.repository.buildConfiguration = buildConfiguration
        options.repository.tolerateBrokenManifests = tolerateBrokenManifests
        options.repository.requireManifests = requireManifests
        options.rules = rules
        options.configFile = configFile
        options.standardRules = standardRules
        options.allowRaisedLimits = allowLimits
        options.maxRunTime = max(0, maxRunTime)
        options.policyRevision = policyFrom
        return options
    }

    /// Builds the session (see `Session.open`): unreadable inputs, broken rules and, where
    /// required, an empty world are errors (status 2). `--verbose` says what was found.
    /// `reportsFindings`: the command prints every finding itself (`check`), so warnings about
    /// project files are not echoed on standard error as well.
    func makeSession(
        paths: [String]? = nil, standardRules: Bool = false, requireManifests: Bool = false,
        reportsFindings: Bool = false, output: @escaping (String) -> Void = { Output.print($0) },
        adjust: (inout SessionOptions) -> Void = { _ in }
    ) throws -> Session {
        var options = try sessionOptions(
            paths: paths ?? [], standardRules: standardRules, requireManifests: requireManifests)
        adjust(&options)
        let session: Session
        do { session = try Session.open(options, output: output) } catch {
            throw CommandFailure.input(lines: error.description)
        }
        show(session, warnings: !reportsFindings)
        return session
    }

    /// The configuration (`--config`, else the nearest `.uniform.lua`) and the rules — the
    /// standard ones, its rule files and `-r`'s — without discovering or reading a manifest.
    func makeRulesSession(output: @escaping (String) -> Void) throws -> Session {
        let options = try sessionOptions(standardRules: true)
        do { return try Session.openRules(options, output: output) } catch {
            throw CommandFailure.input(lines: error.description)
        }
    }

    /// `--verbose`'s account of what was read, and the warnings about project and settings
    /// files the configuration leaves (with `--verbose`, its notes too) — unless the command
    /// reports findings itself.
    func show(_ session: Session, warnings: Bool = true) {
        let findings = warnings ? session.projectFindings() : []
        if verbose {
            for line in session.report.lines { Output.error(line) }
            for note in findings where note.severity <= .note { Output.error(ReportText.line(note.loadLine)) }
        }
        for warning in findings where warning.severity > .note { Output.error(warning.loadLine) }
    }
}

extension PlatformFilter: ExpressibleByArgument {}
extension RoleQuery: ExpressibleByArgument {}
extension Distribution: ExpressibleByArgument {}
