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
    /// Apps for which no assertion could be written, with why.
    public var unasserted: [String]

    public static let testPath = "tests/document_types_test.lua"

    public init(session: Session, directory: String) {
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
            config += "  project = { \(projects.map(Self.quote).joined(separator: ", ")) },\n"
            config += "  -- The build configuration whose settings give bundle ids and placeholders their values.\n"
            config += "  configuration = \(Self.quote(manifests.first?.origin?.configuration ?? "Release")),\n"
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
            config += "  manifests = { \(files.map(Self.quote).joined(separator: ", ")) },\n"
        }
        let standIns = manifests.filter { $0.declaredBundleID == nil || $0.bundleID.hasPrefix("standin.") }
        if !standIns.isEmpty {
            config += "  --\n  -- Bundle ids the repository does not define (set in a file that is not checked in?);\n"
            config += "  -- give them here so findings and tests name the real apps:\n"
            config += "  -- apps = {\n"
            for m in standIns {
                let key = m.origin?.target ?? Configuration.displayPath(m.file, relativeTo: directory)
                config +=
                    "  --   [\(Self.quote(key))] = { bundle_id = \"com.example.app\" },  -- now \(ReportText.line(m.bundleID))\n"
            }
            config += "  -- },\n"
        }
        config += "  tests = { \"tests\" },\n"
        config += "  -- rules = { \"rules/policies.lua\" },     -- your own checks and ranking policies\n"
        config +=
            "  -- disable = { \"rule-id\" },              -- standard rules to turn off (`uniform rules` lists them)\n"
        config += "  -- severity = { [\"rule-id\"] = \"note\" },  -- or re-level\n"
        config += "}\n"
        configuration = ReportText.inert(config)

        var test = "-- Starter policy suite written by `uniform init`: each app opens its own document types first.\n"
        test +=
            "-- Every assertion held when it was written; a change that takes a type away from its app fails here.\n"
        test += "-- Assertions: rules/API.md (\"Tests\"). Run with `uniform test`.\n\n"
        test += "describe(\"document types\", function()\n"
        var unasserted: [String] = []
        var seen = Set<String>()
        for m in manifests where seen.insert(m.bundleID).inserted {
            guard let line = Self.assertion(for: m, engine: engine) else {
                unasserted.append(
                    "\(m.bundleID): \(m.claims.contains { $0.role.isHandler } ? "is not the first handler of any type it claims by identifier (LSItemContentTypes)" : "opens no document types (no Editor, Viewer or Shell claim)")"
                )
                continue
            }
            test += "  it(\(Self.quote("\(m.bundleID) opens \(line.type) first")), function()\n"
            test += "    assert.opens_first(\(Self.quote(line.type)), \(Self.quote(m.bundleID)))\n"
            test += "  end)\n"
        }
        if unasserted.count == seen.count {
            test += "  it(\"loads the repository's apps\", function()\n"
            test += "    assert.is_true(#uniform.apps() >= \(manifests.count))\n"
            test += "  end)\n"
        }
        for reason in unasserted { test += "  -- no assertion: \(ReportText.line(reason))\n" }
        test += "end)\n"
        // Files people print in CI logs too: no `##[` (`#\u{23}[` in a Lua string is the same text).
        testFile = ReportText.inert(test)
        self.unasserted = unasserted
        ciLines = """
            # In CI (GitHub Actions shown; any runner works):
            uniform check --format github --format sarif:uniform.sarif
            uniform test --format junit:uniform-tests.xml
            """
    }

    /// The first type the app claims by identifier whose handlers it heads: its own types
    /// first, else a system type it claims (a video converter claiming `public.mpeg-4` — in the
    /// repository's world no system app competes, but losing the claim still fails the test).
    static func assertion(for manifest: Manifest, engine: RuleEngine) -> (type: String, app: String)? {
        let world = engine.world
        func isSystem(_ id: String) -> Bool {
            id.lowercased().hasPrefix("public.") || id.lowercased().hasPrefix("com.apple.")
        }
        for systemTypes in [false, true] {
            for claim in manifest.claims where claim.role.isHandler {
                for type in claim.contentTypes {
                    let id = type.value
                    guard !id.isEmpty, isSystem(id) == systemTypes, world.graph.id(of: id) != nil else { continue }
                    let target = Target.parse(
                        "uti:" + id, graph: world.graph, fileExists: { _ in false }, isDirectory: { _ in false })
                    // Asked on the app's own platform: an iOS sibling's Owner claim does not
                    // compete with a Mac app on the Mac (NetNewsWire's theme type).
                    guard
                        let resolution = try? engine.resolve(
                            Query(target: target, text: id, platform: manifest.platform)),
                        resolution.handlers.first?.bundleID == manifest.bundleID
                    else { continue }
                    return (id, manifest.bundleID)
                }
            }
        }
        return nil
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
