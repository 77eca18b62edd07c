import Foundation
import XCTest

/// The README's example sessions are the real tool's output: every fenced block that starts with
/// `$ uniform …` is run and compared line by line. A line `…` stands for any number of lines,
/// and `…` inside a line for any text; everything else must match exactly and in order. (The REPL
/// session is interactive and is covered by `ReplTerminalTests`.)
final class ReadmeGoldenTests: XCTestCase {
    struct Example {
        var command: [String]
        var expected: [String]
        var line: Int
    }

    func testTheREADMEsExampleSessionsAreTheToolsOutput() throws {
        let readme = try String(contentsOf: CLI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let examples = Self.examples(in: readme).filter { $0.command.first != "repl" }
        XCTAssertGreaterThanOrEqual(examples.count, 4, "the README's sessions were found")
        for example in examples {
            var directory = CLI.packageRoot
            // The headline runs in a real repository: NetNewsWire, from the shared data.
            if example.command == ["check", "--verbose"] {
                directory = URL(fileURLWithPath: try CLI.shared("realworld/xcode/Ranchero-Software__NetNewsWire"))
            }
            if example.command.contains(where: { $0.hasPrefix("../shared") }) { _ = try CLI.shared("realworld/plists") }
            let run = try CLI.run(example.command, in: directory)
            let actual = (run.stderr + run.stdout).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            if let mismatch = Self.mismatch(expected: example.expected, actual: actual) {
                XCTFail(
                    "README.md:\(example.line): `uniform \(example.command.joined(separator: " "))`: \(mismatch)\n--- output:\n\(actual.joined(separator: "\n"))"
                )
            }
        }
    }

    /// Blocks whose first line is `$ uniform …` (with `\` continuations), and the lines after it.
    static func examples(in readme: String) -> [Example] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [Example] = []
        var i = 0
        while i < lines.count {
            guard lines[i] == "```", i + 1 < lines.count, lines[i + 1].hasPrefix("$ uniform ") else {
                i += 1
                continue
            }
            let start = i + 2
            var command = String(lines[i + 1].dropFirst("$ uniform ".count))
            var j = i + 2
            while command.hasSuffix("\\"), j < lines.count {
                command = String(command.dropLast()) + " " + lines[j].trimmingCharacters(in: .whitespaces)
                j += 1
            }
            var expected: [String] = []
            while j < lines.count, lines[j] != "```" {
                expected.append(lines[j])
                j += 1
            }
            examples.append(
                Example(command: command.split(separator: " ").map(String.init), expected: expected, line: start - 1))
            i = j + 1
        }
        return examples
    }

    /// nil when `actual` shows `expected`; else what did not match.
    static func mismatch(expected: [String], actual: [String]) -> String? {
        var position = 0
        var gap = false
        for line in expected {
            if line.trimmingCharacters(in: .whitespaces) == "…" {
                gap = true
                continue
            }
            let parts = line.components(separatedBy: "…")
            func fits(_ candidate: String) -> Bool {
                guard parts.count > 1 else { return candidate == line }
                guard candidate.hasPrefix(parts[0]), candidate.hasSuffix(parts[parts.count - 1]) else { return false }
                var rest = candidate.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
                for middle in parts.dropFirst().dropLast() {
                    guard let range = rest.range(of: middle) else { return false }
                    rest = rest[range.upperBound...]
                }
                return true
            }
            if gap {
                guard let found = actual[position...].firstIndex(where: fits) else {
                    return "no line matches \"\(line)\""
                }
                position = found + 1
            } else {
                guard position < actual.count, fits(actual[position]) else {
                    return "expected \"\(line)\", got \"\(position < actual.count ? actual[position] : "<end>")\""
                }
                position += 1
            }
            gap = false
        }
        return nil
    }

    func testTheMatcherAllowsOnlyWhatTheEllipsisAllows() {
        XCTAssertNil(Self.mismatch(expected: ["a", "…", "d"], actual: ["a", "b", "c", "d"]))
        XCTAssertNil(Self.mismatch(expected: ["…/x.plist:3: warning"], actual: ["/long/path/x.plist:3: warning"]))
        XCTAssertNotNil(Self.mismatch(expected: ["a", "d"], actual: ["a", "b", "d"]))
        XCTAssertNotNil(Self.mismatch(expected: ["a", "x"], actual: ["a", "b"]))
    }
}
