import Foundation
import UniformCore
import UniformLua
import UniformRules
import XCTest

/// Keeps `rules/API.md` and `rules/uniform.d.lua` honest:
///
/// - every ```lua block of API.md whose first line is `-- example: FOLDER …` runs, unmodified,
///   through a real `RuleEngine` loaded with those example manifests (a block's `assert`s are
///   the documented results, so a changed answer fails here);
/// - every function of the live `uniform` table (and `uniform.dyn`) is documented in API.md and
///   declared in uniform.d.lua, and uniform.d.lua declares nothing the API lacks.
final class APIReferenceTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let apiPath = packageRoot.appendingPathComponent("rules/API.md").path
    static let definitionsPath = packageRoot.appendingPathComponent("rules/uniform.d.lua").path

    /// A fenced Lua block of API.md.
    struct Block {
        /// 1-based line of the block's first code line in API.md.
        var line: Int
        var source: String
        /// The example folders from the `-- example:` marker; nil when the block is not runnable.
        var examples: [String]?
        /// A second line `-- known-issue: …`: the block documents intended behaviour that the API
        /// does not have yet, so it must fail (and the marker goes when the bug is fixed).
        var knownIssue: String?
    }

    static func blocks(in markdown: String) -> [Block] {
        var blocks: [Block] = []
        var current: [String]?
        var start = 0
        for (n, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed == "```lua" {
                    current = []
                    start = n + 2
                }
            } else if trimmed == "```" {
                let lines = current!
                let marker = lines.map { $0.trimmingCharacters(in: .whitespaces) }
                var examples: [String]?
                var knownIssue: String?
                if let first = marker.first, first.hasPrefix("-- example:") {
                    examples = first.dropFirst("-- example:".count).split(separator: " ").map(String.init)
                    if marker.count > 1, marker[1].hasPrefix("-- known-issue:") {
                        knownIssue = String(marker[1].dropFirst("-- known-issue:".count)).trimmingCharacters(
                            in: .whitespaces)
                    }
                }
                blocks.append(
                    Block(
                        line: start, source: lines.joined(separator: "\n"), examples: examples, knownIssue: knownIssue))
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    /// `molecules` → `examples/molecules/apps`; `sysstats/leaky` → `examples/sysstats/leaky`.
    static func manifestPath(_ folder: String) -> String {
        let base = packageRoot.appendingPathComponent("examples").appendingPathComponent(folder)
        let apps = base.appendingPathComponent("apps")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: apps.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return apps.path
        }
        return base.path
    }

    static func engine(for folders: [String], output: @escaping (String) -> Void = { _ in }) throws -> RuleEngine {
        let loaded = ManifestLoader().load(folders.map(manifestPath))
        if let missing = loaded.missing.first { throw RuleError(message: "no such example: \(missing)") }
        if let error = loaded.errors.first { throw RuleError(message: "\(error)") }
        let engine = RuleEngine(
            inputs: WorldInputs(manifests: loaded.manifests, findings: loaded.errorFindings), output: output)
        // The Modules section's example requires examples/shared/team/naming.lua.
        engine.modules = ModuleSearch(root: packageRoot.path, patterns: ["examples/shared/?.lua"])
        return engine
    }

    func testRunnableExamplesRun() throws {
        let markdown = try String(contentsOfFile: Self.apiPath, encoding: .utf8)
        let runnable = Self.blocks(in: markdown).filter { $0.examples != nil }
        XCTAssertGreaterThanOrEqual(runnable.count, 30, "API.md should have a runnable example for every function")
        for block in runnable {
            let folders = block.examples!
            XCTAssertFalse(folders.isEmpty, "rules/API.md:\(block.line): '-- example:' names no example folder")
            var printed: [String] = []
            var failure: String?
            do {
                let engine = try Self.engine(for: folders) { printed.append($0) }
                // Blank lines in front, so Lua's line numbers are API.md's.
                let padded = String(repeating: "\n", count: block.line - 1) + block.source
                try engine.load(source: padded, chunkName: "rules/API.md")
                // Checks a block defines must also run cleanly.
                if let broken = engine.runChecks().first(where: { $0.rule == "rule-error" }) {
                    failure = "a check failed: \(broken.message)"
                }
            } catch {
                failure = "\(error)"
            }
            if let issue = block.knownIssue {
                if failure == nil {
                    XCTFail(
                        "rules/API.md:\(block.line): the known issue '\(issue)' is fixed: remove the '-- known-issue:' marker and update the Known issues section"
                    )
                }
            } else if let failure {
                XCTFail(
                    "rules/API.md:\(block.line): the example (\(folders.joined(separator: " "))) failed:\n\(failure)\noutput:\n\(printed.joined(separator: "\n"))"
                )
            }
        }
    }

    /// The names of the live API: `uniform.NAME` for functions and values, `uniform.dyn.NAME`.
    func liveNames() throws -> (functions: [String], values: [String]) {
        let engine = try Self.engine(for: ["molecules"])
        guard case .table(let uniform) = engine.state.getGlobal("uniform") else {
            XCTFail("no global uniform table")
            return ([], [])
        }
        var functions: [String] = [], values: [String] = []
        // `uniform` and `uniform.dyn` are read-only views: read the tables behind them.
        for (key, value) in engine.state.underlying(uniform).pairs() {
            guard case .string(let name) = key else { continue }
            switch value {
            case .function: functions.append("uniform.\(name)")
            case .table(let nested):
                for (k, v) in engine.state.underlying(nested).pairs() {
                    guard case .string(let n) = k else { continue }
                    if case .function = v {
                        functions.append("uniform.\(name).\(n)")
                    } else {
                        values.append("uniform.\(name).\(n)")
                    }
                }
            default: values.append("uniform.\(name)")
            }
        }
        return (functions.sorted(), values.sorted())
    }

    /// Whether `text` mentions `name` as a whole name (`uniform.app` is not `uniform.apps`).
    static func mentions(_ text: String, _ name: String) -> Bool {
        var range = text.startIndex..<text.endIndex
        while let found = text.range(of: name, range: range) {
            let next = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            if !(next.isLetter || next.isNumber || next == "_" || next == ".") { return true }
            range = found.upperBound..<text.endIndex
        }
        return false
    }

    func testEveryFunctionIsDocumentedAndDeclared() throws {
        let markdown = try String(contentsOfFile: Self.apiPath, encoding: .utf8)
        let definitions = try String(contentsOfFile: Self.definitionsPath, encoding: .utf8)
        let (functions, values) = try liveNames()
        XCTAssertGreaterThanOrEqual(functions.count, 25)
        for name in functions {
            XCTAssertTrue(
                Self.mentions(markdown, "### `\(name)"), "rules/API.md has no heading for \(name) (### `\(name)…`)")
            XCTAssertTrue(
                definitions.contains("function \(name)("), "rules/uniform.d.lua does not declare function \(name)(")
        }
        for name in values {
            XCTAssertTrue(Self.mentions(markdown, name), "rules/API.md does not mention \(name)")
            XCTAssertTrue(definitions.contains("\(name) ="), "rules/uniform.d.lua does not declare \(name)")
        }
        // Nothing documented that the API does not have.
        let declared = definitions.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("function uniform."), let paren = line.firstIndex(of: "(") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: "function ".count)..<paren])
        }
        for name in declared {
            XCTAssertTrue(functions.contains(name), "rules/uniform.d.lua declares \(name), which the API does not have")
        }
        let headings = markdown.components(separatedBy: "\n").compactMap { line -> String? in
            guard line.hasPrefix("### `uniform.") else { return nil }
            let name = line.dropFirst("### `".count).prefix { $0 != "(" && $0 != "`" && $0 != "{" && $0 != " " }
            return String(name)
        }
        for name in headings {
            XCTAssertTrue(
                functions.contains(name) || values.contains(name),
                "rules/API.md documents \(name), which the API does not have")
        }
    }

    /// The shipped `.luacheckrc` lists exactly the live API's fields (issue 30: a misspelled
    /// `uniform.polcy` is a lint error only if the list is the API, no more and no less).
    func testTheLuacheckConfigurationListsTheLiveAPI() throws {
        let config = try String(
            contentsOfFile: Self.packageRoot.appendingPathComponent("rules/.luacheckrc").path, encoding: .utf8)
        let block = try XCTUnwrap(
            config.components(separatedBy: "-- uniform-fields-begin").last?.components(
                separatedBy: "-- uniform-fields-end"
            ).first)
        // `"name"` entries are `uniform.name`; those inside `dyn = { … }` are `uniform.dyn.name`.
        var listed: [String] = []
        var prefix = "uniform."
        for line in block.components(separatedBy: "\n") {
            if line.contains("dyn = {") { prefix = "uniform.dyn." }
            for (k, part) in line.components(separatedBy: "\"").enumerated() where k % 2 == 1 {
                listed.append(prefix + part)
            }
            if prefix != "uniform." && line.contains("} },") { prefix = "uniform." }
        }
        let (functions, values) = try liveNames()
        XCTAssertEqual(listed.sorted(), (functions + values).sorted())
    }

    /// The definitions file is Lua that compiles, and every class it names exists.
    func testDefinitionsCompile() throws {
        let definitions = try String(contentsOfFile: Self.definitionsPath, encoding: .utf8)
        XCTAssertTrue(definitions.hasPrefix("---@meta"))
        let state = LuaState()
        defer { state.close() }
        XCTAssertNoThrow(try state.load(definitions, chunkName: "rules/uniform.d.lua"))
        let classes = Set(
            definitions.components(separatedBy: "\n").compactMap { line -> String? in
                guard line.hasPrefix("---@class ") else { return nil }
                return line.dropFirst("---@class ".count).split(whereSeparator: { $0 == " " || $0 == ":" }).first.map(
                    String.init)
            })
        for needed in [
            "uniform.Location", "uniform.App", "uniform.Claim", "uniform.Declaration", "uniform.Type",
            "uniform.Candidate",
            "uniform.CandidateList", "uniform.Exclusion", "uniform.Query", "uniform.Resolution", "uniform.Finding",
            "uniform.SendResult",
        ] {
            XCTAssertTrue(classes.contains(needed), "rules/uniform.d.lua has no ---@class \(needed)")
        }
        // Every uniform.X type a ---@param/---@return/---@field names is a declared class or alias.
        let aliases = Set(
            definitions.components(separatedBy: "\n").compactMap { line -> String? in
                guard line.hasPrefix("---@alias ") else { return nil }
                return line.dropFirst("---@alias ".count).split(separator: " ").first.map(String.init)
            })
        let regex = try NSRegularExpression(pattern: #"uniform\.[A-Z][A-Za-z]*"#)
        for line in definitions.components(separatedBy: "\n") where line.hasPrefix("---@") {
            for match in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                let name = String(line[Range(match.range, in: line)!])
                XCTAssertTrue(
                    classes.contains(name) || aliases.contains(name),
                    "rules/uniform.d.lua uses \(name), which it does not define: \(line)")
            }
        }
    }
}
