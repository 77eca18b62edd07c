import Foundation
import XCTest

/// Same input, same bytes, for every report of every command: `check` in every format and with
/// `--verbose` (its stderr too), `test` in every format, `rules`, and the queries (`resolve`,
/// `type`, `claims`, `graph`, `send`) in text and JSON, on the committed examples and the Xcode
/// fixtures, with no `../shared`.
///
/// Each command runs twice, each time in a fresh copy of the fixtures at the same path: the
/// copies' files created in two seeded orders (`ShuffledCopy`), uniform's own listings shuffled
/// with two seeds (`UNIFORM_SHUFFLE_SEED`), `-m` arguments given in two orders, and the first
/// run with `SWIFT_DETERMINISTIC_HASHING=1`, the second without it, so `Dictionary` and `Set`
/// iterate in a different order in each process. Anything that reaches a report from a hash
/// order or a listing order shows up as a difference.
///
/// Test reports state how long each test took; those figures are the only thing masked.
final class ReportDeterminismTests: XCTestCase {
    /// A command run in `folder` (relative to the copy's root); `manifests` are appended as
    /// `-m` arguments, in an order that differs between the two runs.
    struct Command: CustomStringConvertible {
        var folder: String
        var arguments: [String]
        var manifests: [String] = []
        var description: String {
            "(in \(folder)) uniform \((arguments + manifests.flatMap { ["-m", $0] }).joined(separator: " "))"
        }
    }

    static let checkFormats = ["text", "json", "junit", "tap", "sarif", "github", "xcode"]
    static let testFormats = ["text", "json", "junit", "tap", "github"]

    /// `check` in every format and with `--verbose`, `test` in every format, `rules` both ways.
    static func reports(in folder: String, tests: Bool = true) -> [Command] {
        var commands = checkFormats.map { Command(folder: folder, arguments: ["check", "--format", $0]) }
        commands.append(Command(folder: folder, arguments: ["check", "--verbose"]))
        if tests { commands += testFormats.map { Command(folder: folder, arguments: ["test", "--format", $0]) } }
        commands.append(Command(folder: folder, arguments: ["rules"]))
        commands.append(Command(folder: folder, arguments: ["rules", "--format", "json"]))
        return commands
    }

    /// A query in text and in JSON.
    static func query(_ folder: String, _ arguments: [String], manifests: [String] = []) -> [Command] {
        [
            Command(folder: folder, arguments: arguments, manifests: manifests),
            Command(folder: folder, arguments: arguments + ["--format", "json"], manifests: manifests),
        ]
    }

    static var commands: [Command] {
        var all: [Command] = []
        for example in ["molecules", "sysstats", "docinteraction", "document-app"] {
            all += reports(in: "examples/\(example)")
        }
        all.append(Command(folder: "examples", arguments: ["test"]))
        all += query("examples/molecules", ["resolve", ".pdb"])
        all.append(Command(folder: "examples/molecules", arguments: ["resolve", ".pdb", "--explain"]))
        all += query("examples/molecules", ["type", ".pdb"])
        all += query("examples/molecules", ["claims", ".pdb"])
        for format in ["dot", "mermaid", "svg"] {
            all.append(Command(folder: "examples/molecules", arguments: ["graph", ".pdb", "--format", format]))
        }
        all += query(
            "examples/docinteraction", ["resolve", "Report.pdf1", "--explain"],
            manifests: ["conforming", "apps/DocCompanion", "apps/InkwellPDF", "apps/AnyViewer"])
        all += query(
            "examples/docinteraction",
            [
                "send", "Report.pdf1", "--from", "com.example.docinteraction", "--to",
                "com.example.docinteraction.companion",
            ])
        all += query(
            "examples/sysstats",
            [
                "send", "Dashboard.sysstatsbookmark", "--from", "jp.example.sysstats.lite", "--to",
                "jp.example.sysstats.monitor", "--annotation", "annotation.plist",
            ])
        all += query("examples/sysstats", ["resolve", "Dashboard.sysstatsbookmark", "--explain"])
        all += query("examples/document-app", ["resolve", "Drawing.sketchpkg/", "--explain"])
        all += query("examples/document-app", ["claims", "public.plain-text"])
        // Every example's apps in one world, the folders named in two orders.
        all += query(
            "examples", ["resolve", ".txt", "--explain"],
            manifests: ["molecules/apps", "document-app/apps", "docinteraction/apps", "sysstats/apps"])
        all += query(
            "examples", ["claims", "public.data"],
            manifests: ["molecules/apps", "document-app/apps", "docinteraction/apps", "sysstats/apps"])
        for fixture in ["xcode/Settings", "xcode/Suite"] {
            all += reports(in: fixture, tests: false)
        }
        all += query("xcode/Settings", ["resolve", ".note", "--explain"])
        all += query("xcode/Settings", ["type", ".note"])
        all += query("xcode/Settings", ["claims", "com.example.notes.note"])
        all.append(Command(folder: "xcode/Settings", arguments: ["graph", ".note", "--format", "mermaid"]))
        all += query("xcode/Suite", ["resolve", ".txt", "--explain"])
        all += query("xcode/Suite", ["claims", "public.plain-text"])
        return all
    }

    struct Output: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func testEveryReportIsTheSameBytesInAnyInputOrderAndHashSeed() throws {
        let parent = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let root = parent.appendingPathComponent("fixtures")
        let commands = Self.commands
        var runs: [[Output]] = []
        for (seed, hashing) in [(UInt64(1), true), (UInt64(982_451_653), false)] {
            try? FileManager.default.removeItem(at: root)
            try ShuffledCopy.copy(
                CLI.packageRoot.appendingPathComponent("examples"), to: root.appendingPathComponent("examples"),
                seed: seed)
            try ShuffledCopy.copy(
                CLI.packageRoot.appendingPathComponent("Tests/UniformCoreTests/XcodeFixtures"),
                to: root.appendingPathComponent("xcode"), seed: seed)
            runs.append(
                CLI.concurrently(commands.count) { index in
                    Self.run(commands[index], root: root, seed: seed, deterministicHashing: hashing)
                })
        }
        XCTAssertGreaterThan(commands.count, 80)
        for (index, command) in commands.enumerated() {
            let (first, second) = (runs[0][index], runs[1][index])
            XCTAssertNotEqual(first.status, -1, "\(command) did not run: \(first.stderr)")
            XCTAssertTrue([0, 1].contains(first.status), "\(command) exited \(first.status): \(first.stderr)")
            XCTAssertFalse(first.stdout.isEmpty, "\(command) printed nothing")
            XCTAssertEqual(first.status, second.status, "\(command): exit status")
            XCTAssertNil(Self.difference(first.stdout, second.stdout), "\(command): stdout")
            XCTAssertNil(Self.difference(first.stderr, second.stderr), "\(command): stderr")
        }
    }

    /// Runs `command` through `env`, which can remove a variable the test process has.
    static func run(_ command: Command, root: URL, seed: UInt64, deterministicHashing: Bool) -> Output {
        let manifests = ShuffledCopy.shuffled(command.manifests, seed: seed).flatMap { ["-m", $0] }
        let hashing = deterministicHashing ? ["SWIFT_DETERMINISTIC_HASHING=1"] : ["-u", "SWIFT_DETERMINISTIC_HASHING"]
        let arguments = hashing + ["UNIFORM_SHUFFLE_SEED=\(seed)", CLI.binary.path] + command.arguments + manifests
        guard
            let result = try? CLI.run(
                arguments, in: root.appendingPathComponent(command.folder),
                executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 120)
        else { return Output(status: -1, stdout: "", stderr: "could not start") }
        return Output(status: result.status, stdout: masked(result.stdout), stderr: masked(result.stderr))
    }

    /// Durations, which no two runs share: JSON `"duration": 0.0123`, JUnit `time="0.012"`,
    /// the text report's `Finished in 0.012 seconds`.
    static func masked(_ text: String) -> String {
        var text = text
        for (pattern, replacement) in [
            (#""duration"\s*:\s*[0-9.eE+-]+"#, "\"duration\": 0"),
            (#"time="[0-9.]+""#, "time=\"0\""),
            (#"Finished in [0-9.]+ seconds"#, "Finished in 0 seconds"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    /// The first line where two texts differ, both versions, or nil when they are equal.
    static func difference(_ a: String, _ b: String) -> String? {
        guard a != b else { return nil }
        let left = a.components(separatedBy: "\n"), right = b.components(separatedBy: "\n")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : "<end>", r = index < right.count ? right[index] : "<end>"
            if l != r { return "line \(index + 1):\n  first:  \(l)\n  second: \(r)" }
        }
        return "differ"
    }
}
