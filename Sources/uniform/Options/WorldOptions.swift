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

    @Option(help: "Which apps take part in resolution: ios, macos or all.")
    var platform: PlatformFilter = .all

    @Option(help: ArgumentHelp("User default handlers: a LaunchServices preferences plist (com.apple.launchservices.secure.plist).", valueName: "PLIST"))
    var defaults: String?

    @Flag(help: "List skipped plists and other loading details on standard error.")
    var verbose = false

    /// The build settings: `--xcconfig` files in order, then `--define`s, which win.
    func buildSettings() throws -> BuildSettings {
        var configs: [XCConfig] = []
        for path in xcconfigs {
            do { configs.append(try XCConfig.load(path)) } catch { throw CommandFailure.input(error.description) }
        }
        return BuildSettings(xcconfigs: configs, defines: try defineTable())
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

    /// Loads the manifests and builds the world; unreadable inputs are errors (status 2).
    func makeWorld(extraManifests: [String] = []) throws -> World {
        let settings = try buildSettings()
        let loader = ManifestLoader(defines: settings.values)
        let loaded = loader.load(manifests + extraManifests)
        if verbose {
            for skipped in loaded.skipped { Output.error("skipped (not a manifest): \(skipped)") }
        }
        for finding in settings.findings where verbose || finding.severity > .note {
            Output.error("\(finding.location.map { "\($0): " } ?? "")\(finding.severity.rawValue): \(finding.message)")
        }
        if let missing = loaded.missing.first {
            throw CommandFailure.input("\(missing): no such file or directory")
        }
        if !loaded.errors.isEmpty {
            throw CommandFailure.input(loaded.errors.map(\.description).joined(separator: "\nuniform: "))
        }
        var preferences: [DefaultHandler] = []
        var findings: [Finding] = settings.findings
        if let path = defaults {
            do {
                let document = try PlistReader.read(contentsOf: path)
                let read = LaunchServicesPreferences.read(document, file: path)
                preferences = read.handlers
                findings += read.findings
                for finding in read.findings { Output.error("\(finding.location.map { "\($0): " } ?? "")warning: \(finding.message)") }
            } catch let error as PlistError {
                throw CommandFailure.input(error.description)
            }
        }
        return World(manifests: loaded.manifests, preferenceDefaults: preferences, platform: platform, extraFindings: findings)
    }
}

extension PlatformFilter: ExpressibleByArgument {}
extension RoleQuery: ExpressibleByArgument {}
