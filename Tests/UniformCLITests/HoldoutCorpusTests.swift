import Foundation
import XCTest

/// Frozen holdout sets, each judged independently of the rule authors (`Holdout/README.md`,
/// `Holdout2/README.md`): real Info.plist manifests run one per process, and trimmed real
/// repositories run from their root, each finding matched to a verdict in the set's own
/// `verdicts.tsv`. They measure the rules; they are not tuned to them, so each fails until the
/// rules reach the bar on it: no false error, false warnings at most 5% of the warnings, every
/// true finding and every missed defect reported, and no error or warning that nobody has
/// judged. `Holdout` has since been read by the rule authors; `Holdout2` was judged after that.
final class HoldoutCorpusTests: XCTestCase {
    struct Verdict {
        var source, rule, severity, line, subject, verdict, should, reason: String
    }
    struct Finding {
        var source, rule, severity, line, subject, message: String
        /// The lines of its related places: one finding for several entries names the others.
        var related: [String] = []
    }

    /// One frozen set: its folder and the least it must hold.
    struct HoldoutSet {
        var name: String
        var minimumPlists, minimumRepos, minimumJudged: Int
        var folder: URL { CLI.packageRoot.appendingPathComponent("Tests/UniformCLITests/\(name)") }
    }
    static let holdout = HoldoutSet(name: "Holdout", minimumPlists: 60, minimumRepos: 10, minimumJudged: 100)
    static let holdout2 = HoldoutSet(name: "Holdout2", minimumPlists: 30, minimumRepos: 5, minimumJudged: 0)
    static let severityOrder = ["note": 0, "warning": 1, "error": 2]

    func readVerdicts(_ set: HoldoutSet) throws -> [Verdict] {
        let text = try String(contentsOf: set.folder.appendingPathComponent("verdicts.tsv"), encoding: .utf8)
        var lines = text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = lines.removeFirst()
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        return lines.filter { $0.count == header.count }.map {
            Verdict(
                source: $0[column("source")], rule: $0[column("rule")], severity: $0[column("severity")],
                line: $0[column("line")], subject: $0[column("subject")], verdict: $0[column("verdict")],
                should: $0[column("should")], reason: $0[column("reason")])
        }
    }

    /// Runs the binary as the verdicts were made: each manifest from an empty directory outside
    /// the repository, each trimmed repository from a copy outside this git tree.
    func runFindings(_ set: HoldoutSet) throws -> [Finding] {
        let fm = FileManager.default
        let plists = set.folder.appendingPathComponent("plists")
        let repos = set.folder.appendingPathComponent("repos")
        let scratch = try CLI.temporaryDirectory()
        defer { try? fm.removeItem(at: scratch) }
        let empty = scratch.appendingPathComponent("empty")
        try fm.createDirectory(at: empty, withIntermediateDirectories: true)

        var runs: [(source: String, arguments: [String], directory: URL)] = []
        for file in try fm.contentsOfDirectory(atPath: plists.path).sorted() where !file.hasPrefix(".") {
            runs.append(
                ("plists/" + file, ["check", plists.appendingPathComponent(file).path, "--format", "json"], empty))
        }
        for name in try fm.contentsOfDirectory(atPath: repos.path).sorted() where !name.hasPrefix(".") {
            let copy = scratch.appendingPathComponent("repos").appendingPathComponent(name)
            try fm.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: repos.appendingPathComponent(name), to: copy)
            runs.append(("repos/" + name, ["check", "--format", "json"], copy))
        }
        XCTAssertGreaterThanOrEqual(runs.filter { $0.source.hasPrefix("plists/") }.count, set.minimumPlists, set.name)
        XCTAssertGreaterThanOrEqual(runs.filter { $0.source.hasPrefix("repos/") }.count, set.minimumRepos, set.name)

        var findings: [Finding] = []
        var failed: [String] = []
        for (job, run) in zip(runs, CLI.runAll(runs.map { ($0.arguments, $0.directory) })) {
            guard let run, let list = (try? CLI.json(run.stdout))?["findings"] as? [[String: Any]] else {
                failed.append(job.source)
                continue
            }
            for finding in list {
                let file = finding["file"] as? String ?? ""
                findings.append(
                    Finding(
                        source: job.source.hasPrefix("plists/") ? job.source : job.source + "/" + file,
                        rule: finding["rule"] as? String ?? "", severity: finding["severity"] as? String ?? "",
                        line: (finding["line"] as? Int).map(String.init) ?? "",
                        subject: finding["subject"] as? String ?? "",
                        message: finding["message"] as? String ?? "",
                        related: (finding["related"] as? [[String: Any]] ?? []).compactMap {
                            ($0["line"] as? Int).map(String.init)
                        }))
            }
        }
        XCTAssertEqual(failed, [], "\(set.name): runs that produced no JSON report")
        return findings
    }

    func testHoldoutVerdicts() throws { try checkVerdicts(Self.holdout) }

    func testHoldout2Verdicts() throws { try checkVerdicts(Self.holdout2) }

    func checkVerdicts(_ set: HoldoutSet) throws {
        let verdicts = try readVerdicts(set)
        let judged = verdicts.filter { $0.verdict != "missed" }
        let missed = verdicts.filter { $0.verdict == "missed" }
        XCTAssertGreaterThan(judged.count, set.minimumJudged, set.name)
        let findings = try runFindings(set)

        // A finding's verdict: same source, rule and line; the subject breaks a tie.
        var byKey: [String: [Verdict]] = [:]
        for row in judged { byKey["\(row.source)\t\(row.rule)\t\(row.line)", default: []].append(row) }
        // A defect the judge recorded as missed, now reported at its line by its rule, is a
        // true finding: the verdict was made before the rule existed.
        var missedKey: [String: Verdict] = [:]
        for row in missed { missedKey["\(row.source)\t\(row.rule)\t\(row.line)"] = row }
        func verdict(for finding: Finding) -> Verdict? {
            let key = "\(finding.source)\t\(finding.rule)\t\(finding.line)"
            guard let rows = byKey[key] else { return missedKey[key] }
            return rows.first { $0.subject == finding.subject } ?? rows.first
        }

        struct Tally { var reported = 0, truePositive = 0, falsePositive = 0, debatable = 0, unjudged = 0 }
        var tally: [String: Tally] = [:]
        var unjudged: [String] = [], falseErrors: [String] = [], falseWarnings: [String] = []
        for finding in findings {
            var t = tally[finding.severity, default: Tally()]
            t.reported += 1
            let row = verdict(for: finding)
            switch row?.verdict {
            case "true", "missed": t.truePositive += 1
            case "false": t.falsePositive += 1
            case "debatable": t.debatable += 1
            default:
                t.unjudged += 1
                if finding.severity != "note" {
                    unjudged.append(
                        "\(finding.source)\t\(finding.rule)\t\(finding.severity)\t\(finding.line)\t\(finding.subject)\t\(finding.message)"
                    )
                }
            }
            if row?.verdict == "false" {
                let text = "\(finding.source):\(finding.line) \(finding.rule) [\(finding.subject)]: \(row!.reason)"
                if finding.severity == "error" { falseErrors.append(text) }
                if finding.severity == "warning" { falseWarnings.append(text) }
            }
            tally[finding.severity] = t
        }

        // Every true row must still be reported (any severity); every missed defect at warning
        // or above unless its verdict says a note is enough. A missed row is found by rule and
        // source with its line (or within 15 lines: the entry's dict or one of its keys) or its
        // subject.
        var bySourceRule: [String: [Finding]] = [:]
        for finding in findings { bySourceRule["\(finding.source)\t\(finding.rule)", default: []].append(finding) }
        var lost: [String] = [], stillMissed: [String] = []
        for row in judged where row.verdict == "true" {
            let present = (bySourceRule["\(row.source)\t\(row.rule)"] ?? []).contains { $0.line == row.line }
            if !present { lost.append("\(row.source):\(row.line) \(row.rule) [\(row.subject)]: \(row.reason)") }
        }
        for row in missed {
            let floor = Self.severityOrder[row.should == "note" ? "note" : "warning"]!
            let present = (bySourceRule["\(row.source)\t\(row.rule)"] ?? []).contains { finding in
                let near: Bool = {
                    guard let a = Int(finding.line), let b = Int(row.line) else { return false }
                    return abs(a - b) <= 15
                }()
                return
                    (finding.line == row.line || near || finding.subject == row.subject
                    || finding.related.contains(row.line))
                    && (Self.severityOrder[finding.severity] ?? -1) >= floor
            }
            if !present { stillMissed.append("\(row.source):\(row.line) \(row.rule) [\(row.subject)]: \(row.reason)") }
        }

        // The figures, per severity.
        var table = "\(set.name.lowercased()): \(findings.count) findings over the frozen set\n"
        table += "severity  reported  true  false  debatable  unjudged  precision\n"
        for severity in ["error", "warning", "note"] {
            let t = tally[severity, default: Tally()]
            let decided = t.truePositive + t.falsePositive
            let precision =
                decided == 0 ? "-" : String(format: "%.1f%%", 100.0 * Double(t.truePositive) / Double(decided))
            table +=
                "\(severity.padding(toLength: 9, withPad: " ", startingAt: 0)) \(String(t.reported).leftPad(8))  \(String(t.truePositive).leftPad(4))  \(String(t.falsePositive).leftPad(5))  \(String(t.debatable).leftPad(9))  \(String(t.unjudged).leftPad(8))  \(precision.leftPad(9))\n"
        }
        table +=
            "missed defects: \(missed.count) rows, \(missed.count - stillMissed.count) now reported, \(stillMissed.count) still missed\n"
        print(table)

        XCTAssertEqual(
            unjudged, [],
            "\(set.name): unjudged finding: classify it in \(set.name)/verdicts.tsv (\(unjudged.count)):\n"
                + unjudged.joined(separator: "\n"))
        XCTAssertEqual(
            falseErrors, [],
            "\(set.name): errors judged false (\(falseErrors.count)):\n" + falseErrors.joined(separator: "\n"))
        let warnings = tally["warning", default: Tally()].reported
        XCTAssertLessThanOrEqual(
            Double(falseWarnings.count), 0.05 * Double(warnings),
            "\(set.name): false warnings: \(falseWarnings.count) of \(warnings) warnings (over 5%):\n"
                + falseWarnings.joined(separator: "\n"))
        XCTAssertEqual(
            lost, [], "\(set.name): true findings no longer reported (\(lost.count)):\n" + lost.joined(separator: "\n"))
        XCTAssertEqual(
            stillMissed, [],
            "\(set.name): real defects not reported (\(stillMissed.count)):\n" + stillMissed.joined(separator: "\n")
        )
    }
}

extension String {
    fileprivate func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
