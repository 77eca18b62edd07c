import Foundation
import XCTest

/// Every rule's examples, run through the real binary as `uniform rules --format json` gives
/// them: a triggering example must make `uniform check` report the rule, a non-triggering one
/// must not. A rule's description is its only definition (RuleDescription, or a Lua check's
/// `examples`), so an example that drifts from what the rule does fails here.
final class RuleExampleTests: XCTestCase {
    struct Example {
        var rule: String
        var triggering: Bool
        var index: Int
        var files: [String: String]
        var arguments: [String]
    }

    /// Read once for the three tests: the list carries every example's files.
    nonisolated(unsafe) static var listed: [[String: Any]]?

    static func rules() throws -> [[String: Any]] {
        if let listed { return listed }
        listed = try list()
        return listed!
    }

    static func list() throws -> [[String: Any]] {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let listed = try CLI.run(["rules", "--format", "json"], in: empty)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        return try XCTUnwrap(try CLI.json(listed.stdout)["rules"] as? [[String: Any]])
    }

    static func examples(of rule: [String: Any]) -> [Example] {
        let id = rule["id"] as? String ?? ""
        var all: [Example] = []
        for (key, triggering) in [("triggering", true), ("non_triggering", false)] {
            for (index, item) in (rule[key] as? [[String: Any]] ?? []).enumerated() {
                all.append(
                    Example(
                        rule: id, triggering: triggering, index: index + 1,
                        files: item["files"] as? [String: String] ?? [:],
                        arguments: item["arguments"] as? [String] ?? []))
            }
        }
        return all
    }

    /// Built-in rules and the standard Lua checks each show the rule firing and staying quiet.
    func testEveryRuleHasExamplesBothWays() throws {
        var missing: [String] = []
        for rule in try Self.rules() {
            let id = rule["id"] as? String ?? ""
            if (rule["triggering"] as? [Any] ?? []).isEmpty { missing.append("\(id): no triggering example") }
            if (rule["non_triggering"] as? [Any] ?? []).isEmpty { missing.append("\(id): no non-triggering example") }
        }
        XCTAssertEqual(missing, [], "a rule's description lists runnable examples (CONTRIBUTING, \"Rules\")")
    }

    func testExamplesFireAndStayQuietAsTheySay() throws {
        let rules = try Self.rules()
        let known = Set(rules.compactMap { $0["id"] as? String })
        let examples = rules.flatMap(Self.examples)
        XCTAssertGreaterThan(examples.count, 100)
        let root = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // A repository of its own for each example; `.git` marks its root, as a clone has.
        var jobs: [(arguments: [String], directory: URL)] = []
        for (n, example) in examples.enumerated() {
            let directory = root.appendingPathComponent("\(n)/repository")
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
            for (path, contents) in example.files {
                let url = directory.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
            }
            jobs.append((["check", "--format", "json"] + example.arguments, directory))
        }
        let results = CLI.runAll(jobs)
        var wrong: [String] = []
        var unknown = Set<String>()
        for (example, result) in zip(examples, results) {
            let name = "\(example.rule) \(example.triggering ? "triggering" : "non-triggering") #\(example.index)"
            guard let result, result.status != 2,
                let findings = (try? CLI.json(result.stdout))?["findings"] as? [[String: Any]]
            else {
                wrong.append("\(name): uniform check failed: \(result?.stderr.prefix(300) ?? "did not start")")
                continue
            }
            let ids = findings.compactMap { $0["rule"] as? String }
            unknown.formUnion(ids.filter { !known.contains($0) })
            if ids.contains(example.rule) != example.triggering {
                wrong.append(
                    "\(name): \(example.triggering ? "not reported" : "reported"); findings: \(Set(ids).sorted())")
            }
        }
        XCTAssertEqual(wrong, [], wrong.joined(separator: "\n"))
        XCTAssertEqual(unknown, [], "emitted rule ids with no description: uniform rules must know every id")
    }

    /// A built-in rule's id is written once, in its description: emit sites name the
    /// description (`Finding(.xcconfigSyntax, …)`), so id and severity cannot drift.
    func testBuiltInIdsAreWrittenOnlyInTheirDescriptions() throws {
        let builtIn = try Self.rules().filter { $0["defined_at"] is NSNull || $0["defined_at"] == nil }
            .compactMap { $0["id"] as? String }
        XCTAssertGreaterThan(builtIn.count, 40)
        let sources = CLI.packageRoot.appendingPathComponent("Sources")
        let home = ["Sources/UniformCore/Rules/", "Sources/UniformRules/Checks/EngineRules.swift"]
        var strays: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(CLI.packageRoot.path.count + 1))
            guard !home.contains(where: relative.hasPrefix) else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for id in builtIn where line.contains("\"\(id)\"") {
                    strays.append("\(relative):\(number + 1): \"\(id)\"")
                }
            }
        }
        XCTAssertEqual(strays, [], strays.joined(separator: "\n"))
    }
}
