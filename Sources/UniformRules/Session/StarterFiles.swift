import Foundation
import UniformCore

/// What `uniform init` writes: a commented `.uniform.lua` describing what discovery found, a
/// starter policy suite with one real assertion per app, and the lines to add to CI.
///
/// Every assertion is checked against the world before it is written: the suite passes on
/// the day it is made, and fails when a change takes an app's own types away from it.
public struct StarterFiles {
    public var configuration: String
    public var testFile: String
    public var ciLines: String
    /// Apps, or an app's platforms, for which no assertion could be written, with why.
    public var unasserted: [String]
    /// How many assertions the starter suite holds.
    public var assertionCount: Int

    public static let testPath = "tests/document_types_test.lua"

    public init(session: Session, directory: String) {
        configuration = ReportText.inert(Self.configurationText(session, directory: directory))
        let suite = Self.suite(session.engine)
        // Files people print in CI logs too: no `##[` (`#\u{23}[` in a Lua string is the same text).
        testFile = ReportText.inert(suite.text)
        unasserted = suite.unasserted
        assertionCount = suite.assertions
        ciLines = """
            # In CI (GitHub Actions shown; any runner works):
            uniform check --format github --format sarif:uniform.sarif
            uniform test --format junit:uniform-tests.xml
            """
    }

    /// The commented `.uniform.lua`: the projects (or manifests) found, the apps with their
    /// ids, the ids to fill in, and the run's platform and releases.
    static func configurationText(_ session: Session, directory: String) -> String {
        let report = session.report
        let engine = session.engine
        let manifests = engine.inputs.manifests
        var config = "-- uniform's configuration for this repository, written by `uniform init`.\n"
        config += "-- Paths are relative to this file. `uniform check` and `uniform test` read it from this folder\n"
        config += "-- and every folder below it; `uniform check --verbose` shows what it loads.\n"
        config += "return {\n"
        if !report.projects.isEmpty {
            let projects = report.projects.map { Configuration.displayPath($0, relativeTo: directory) }
            config += "  -- The Xcode projects to read (found by discovery; listing them pins the set).\n"
            config += "  project = { \(projects.map(quote).joined(separator: ", ")) },\n"
            config += "  -- The build configuration whose settings give bundle ids and placeholders their values.\n"
            config += "  configuration = \(quote(manifests.first?.origin?.configuration ?? "Release")),\n"
            config += "  --\n  -- The apps found, one per target and platform:\n"
            for m in manifests {
                let target = m.origin.map { "\($0.target) (\($0.productType))" } ?? m.file
                // One comment line: a line break in a target name would end the comment.
                config +=
                    ReportText.line(
                        "  --   \(target): \(m.bundleID) [\(m.platform.rawValue)]\(m.host.map { ", inside \($0)" } ?? "")"
                    )
                    + "\n"
            }
        } else {
            let files = manifests.map { Configuration.displayPath($0.file, relativeTo: directory) }
            config += "  -- The manifests to check (found by discovery).\n"
            config += "  manifests = { \(files.map(quote).joined(separator: ", ")) },\n"
        }
        let standIns = manifests.filter { $0.declaredBundleID == nil || $0.bundleID.hasPrefix("standin.") }
        if !standIns.isEmpty {
            config += "  --\n  -- Bundle ids the repository does not define (set in a file that is not checked in?);\n"
            config += "  -- give them here so findings and tests name the real apps:\n"
            config += "  -- apps = {\n"
            for m in standIns {
                let key = m.origin?.target ?? Configuration.displayPath(m.file, relativeTo: directory)
                config +=
                    "  --   [\(quote(key))] = { bundle_id = \"com.example.app\" },  -- now \(ReportText.line(m.bundleID))\n"
            }
            config += "  -- },\n"
        }
        // `uniform init --platform ios`: the suite is checked in the world it was written for.
        if engine.inputs.platform != .all {
            config += "  platform = \(quote(engine.inputs.platform.rawValue)),\n"
        }
        // `uniform init --os macos15`: likewise, the release it was written for.
        let newest = OSSelection.newest.releases(for: .all)
        let chosen = engine.inputs.os.releases(for: .all).filter { !newest.contains($0) }
        if !chosen.isEmpty {
            config += "  os = { " + chosen.map { quote($0.name) }.joined(separator: ", ") + " },\n"
        }
        config += "  tests = { \"tests\" },\n"
        config += "  -- rules = { \"rules/policies.lua\" },     -- your own checks and ranking policies\n"
        config +=
            "  -- disable = { \"rule-id\" },              -- standard rules to turn off (`uniform rules` lists them)\n"
        config += "  -- severity = { [\"rule-id\"] = \"note\" },  -- or re-level\n"
        config += "}\n"
        return config
    }

    /// The starter suite: one `opens_first` per app and platform that holds today, and why
    /// none could be written for the rest.
    static func suite(_ engine: RuleEngine) -> (text: String, unasserted: [String], assertions: Int) {
        let manifests = engine.inputs.manifests
        var test = "-- Starter policy suite written by `uniform init`: each app opens its own document types first.\n"
        test +=
            "-- Every assertion held when it was written; a change that takes a type away from its app fails here.\n"
        test += "-- An app built for iOS and macOS is asserted on both, or per platform where the answers differ.\n"
        test += "-- Assertions: rules/API.md (\"Test assertions\"). Run with `uniform test`.\n\n"
        test += "describe(\"document types\", function()\n"
        var unasserted: [String] = []
        var assertions = 0
        var seen = Set<String>()
        for m in manifests where seen.insert(m.bundleID).inserted {
            let plan = Self.assertions(for: m.bundleID, engine: engine)
            for line in plan.lines {
                let on = line.platform.map { " on \(PlatformScope.name($0))" } ?? ""
                let option = line.platform.map { ", { platform = \(quote($0.rawValue)) }" } ?? ""
                test += "  it(\(quote("\(m.bundleID) opens \(line.type) first\(on)")), function()\n"
                test += "    assert.opens_first(\(quote(line.type)), \(quote(m.bundleID))\(option))\n"
                test += "  end)\n"
                assertions += 1
            }
            let claims = manifests.filter { $0.bundleID == m.bundleID }.contains {
                $0.claims.contains { $0.role.isHandler }
            }
            let elsewhere = engine.platforms(ofApp: m.bundleID).filter { !engine.platformsInPlay.contains($0) }
            let why =
                elsewhere.count == engine.platforms(ofApp: m.bundleID).count
                ? "an app of \(elsewhere.map(PlatformScope.name).joined(separator: " and ")), outside this world's platforms"
                : claims
                    ? "is not the first handler of any type it claims by identifier (LSItemContentTypes)"
                    : "opens no document types (no Editor, Viewer or Shell claim)"
            if plan.lines.isEmpty {
                unasserted.append("\(m.bundleID): \(why)")
            } else if !plan.unasserted.isEmpty {
                let names = plan.unasserted.map(PlatformScope.name).joined(separator: " and ")
                unasserted.append("\(m.bundleID) on \(names): \(why) there")
            }
        }
        if assertions == 0 {
            test += "  it(\"loads the repository's apps\", function()\n"
            test += "    assert.is_true(#uniform.apps() >= \(manifests.count))\n"
            test += "  end)\n"
        }
        for reason in unasserted { test += "  -- no assertion: \(ReportText.line(reason))\n" }
        test += "end)\n"
        return (test, unasserted, assertions)
    }

    /// What the starter suite asserts for one app id: one `opens_first` for every platform the
    /// app is built for when a type answers the same on all of them, else one per platform
    /// (`platform = "ios"`), and the platforms none could be written for.
    ///
    /// A multiplatform target is an iOS app and a Mac app with one id (Passepartout): an
    /// assertion without `platform` is checked on both, so it is written only when it holds on
    /// both. A type is tried as `uniform test` asks it: the same target text, each platform's
    /// own world (the whole world when there is one platform).
    ///
    /// Types are tried in the order the app claims them: its own types first, else a system type
    /// it claims (a video converter claiming `public.mpeg-4` — in the repository's world no
    /// system app competes, but losing the claim still fails the test).
    static func assertions(for bundleID: String, engine: RuleEngine) -> StarterAssertions {
        let world = engine.world
        let platforms = engine.platforms(ofApp: bundleID).filter(engine.platformsInPlay.contains)
        guard !platforms.isEmpty else { return StarterAssertions(lines: [], unasserted: []) }
        func isSystem(_ text: String) -> Bool {
            let id = text.lowercased().hasPrefix("uti:") ? text.dropFirst(4).lowercased() : text.lowercased()
            return id.hasPrefix("public.") || id.hasPrefix("com.apple.")
        }
        // Every type the app claims by identifier, on any of its platforms, once, in claim order.
        var types: [String] = []
        for manifest in engine.inputs.manifests where manifest.bundleID == bundleID {
            for claim in manifest.claims where claim.role.isHandler {
                for type in claim.contentTypes where !type.value.isEmpty && !types.contains(type.value) {
                    if world.graph.id(of: type.value) != nil { types.append(type.value) }
                }
            }
        }
        // The platforms on which the app heads each type's handlers. With one platform in play
        // the test asks the whole world; ask it the same way.
        func heads(_ text: String, on platform: Platform) -> Bool {
            let target = Target.parse(text, graph: world.graph, fileExists: { _ in false }, isDirectory: { _ in false })
            let asked: Platform? = engine.platformsInPlay.count <= 1 ? nil : platform
            guard let resolution = try? engine.resolve(Query(target: target, text: text, platform: asked)) else {
                return false
            }
            return resolution.handlers.first?.bundleID == bundleID
        }
        // A type the world only claims reads as a file name bare (`com.acme.doc` is a `.doc`
        // file): it is written as `uti:`.
        let held = types.map { id in
            let text =
                Target.parse(id, graph: world.graph, fileExists: { _ in false }, isDirectory: { _ in false })
                    == .uti(id)
                ? id : "uti:" + id
            return (text, platforms.filter { heads(text, on: $0) })
        }
        // Own types, then system types too: one type for every platform, else one type each.
        for systemTypes in [false, true] {
            let candidates = held.filter { systemTypes || !isSystem($0.0) }
            let ordered = candidates.filter { !isSystem($0.0) } + candidates.filter { isSystem($0.0) }
            if let common = ordered.first(where: { $0.1 == platforms }) {
                return StarterAssertions(lines: [(common.0, nil)], unasserted: [])
            }
            let each = platforms.compactMap { p in ordered.first { $0.1.contains(p) }.map { ($0.0, Optional(p)) } }
            if each.count == platforms.count || systemTypes {
                let missing = platforms.filter { p in !each.contains { $0.1 == p } }
                return StarterAssertions(lines: each, unasserted: each.isEmpty ? [] : missing)
            }
        }
        return StarterAssertions(lines: [], unasserted: [])
    }

    /// A Lua string literal: line breaks and control characters as Lua escapes, so a name from
    /// a project file cannot end the literal or add code to the written file.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where ReportText.isControl(scalar) || scalar == "\t":
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// The `opens_first` lines written for one app: `platform` nil means checked on every platform
/// the app is built for.
struct StarterAssertions {
    var lines: [(type: String, platform: Platform?)]
    /// Platforms of the app with no assertion (when others have one).
    var unasserted: [Platform]
}
