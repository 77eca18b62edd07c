import Foundation
import UniformCore
import UniformStandardRules

/// Runs rules' examples as the project's suite runs its own (`RuleExampleTests`): each in a
/// fresh folder of its own holding only the example's files, through `uniform check`, so a
/// team's check is held to what its `examples` say. A Lua check's defining file is copied in
/// and loaded with `-r`; `check` runs `uniform check --format json ARGUMENTS` in a folder and
/// returns the rule ids it reported.
public enum RuleExampleRun {
    public struct Outcome: Sendable, Hashable {
        public var rule: String
        public var triggering: Bool
        /// 1-based, within its list.
        public var index: Int
        /// nil when the example did what it says; otherwise why not.
        public var failure: String?

        /// `fires on #1` or `quiet on #2`.
        public var name: String { "\(triggering ? "fires on" : "quiet on") #\(index)" }
    }

    /// The checks of the team's rule files: neither built in nor standard.
    public static func teamChecks(_ rules: [RuleInfo]) -> [RuleInfo] {
        rules.filter { rule in rule.definedAt.map { !isStandard($0.file) } ?? false }
    }

    static func isStandard(_ file: String) -> Bool { StandardRules.files.contains { $0.name == file } }

    public typealias Check = (_ folder: String, _ arguments: [String]) throws -> Set<String>

    /// The outcome of every example of `rules`, in order, each run in a folder of its own
    /// under a temporary one, removed afterwards.
    public static func run(_ rules: [RuleInfo], check: Check) -> [Outcome] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "uniform-examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        return run(rules, in: root.path, check: check)
    }

    static func run(_ rules: [RuleInfo], in root: String, check: Check) -> [Outcome] {
        var outcomes: [Outcome] = []
        for rule in rules {
            let lists = [(true, rule.rule.triggering), (false, rule.rule.nonTriggering)]
            for (triggering, examples) in lists {
                for (n, example) in examples.enumerated() {
                    var outcome = Outcome(rule: rule.id, triggering: triggering, index: n + 1)
                    let folder = ProjectPath.join(root, "\(outcomes.count + 1)")
                    do {
                        let arguments = try write(example, definedAt: rule.definedAt, into: folder)
                        let reported = try check(folder, arguments)
                        if reported.contains(rule.id) != triggering {
                            outcome.failure =
                                triggering
                                ? "not reported; reported: \(reported.sorted().joined(separator: ", "))"
                                : "reported"
                        }
                    } catch {
                        outcome.failure = "uniform check failed: \(error)"
                    }
                    outcomes.append(outcome)
                }
            }
        }
        return outcomes
    }

    /// Writes the example, and the rule file that defines a Lua check, into `folder` (a git
    /// work tree's root of its own); the arguments to check it with.
    static func write(_ example: RuleExample, definedAt: SourceLocation?, into folder: String) throws -> [String] {
        let files = FileManager.default
        try files.createDirectory(atPath: ProjectPath.join(folder, ".git"), withIntermediateDirectories: true)
        for (path, contents) in example.files {
            let target = ProjectPath.join(folder, path)
            guard RepositoryBoundary.contains(CanonicalPath.of(target), root: CanonicalPath.of(folder)) else {
                throw RuleExampleError(description: "the example names \(path), outside its folder")
            }
            try files.createDirectory(atPath: ProjectPath.directory(of: target), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: target))
        }
        guard let file = definedAt?.file, !isStandard(file) else {
            return example.arguments
        }
        let copy = ProjectPath.join(folder, ".uniform-examples/" + ProjectPath.lastComponent(file))
        try files.createDirectory(atPath: ProjectPath.directory(of: copy), withIntermediateDirectories: true)
        try Data(contentsOf: URL(fileURLWithPath: file)).write(to: URL(fileURLWithPath: copy))
        return ["-r", ".uniform-examples/" + ProjectPath.lastComponent(file)] + example.arguments
    }
}

struct RuleExampleError: Error, CustomStringConvertible {
    var description: String
}
