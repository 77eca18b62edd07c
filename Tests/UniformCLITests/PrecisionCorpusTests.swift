import Foundation
import XCTest

/// Real findings a reviewer classified (`Precision/corpus.tsv`: one app per run over the 56 real
/// manifests, and each of the 8 repositories, each verdict with its reason and source). A true
/// finding must still be reported; a false one marked `fixed` must not come back; one marked
/// `note` may stay only as a note; one marked `open` (still reported) fails the test once it is
/// gone, so the corpus is updated and the count of open noise only goes down.
final class PrecisionCorpusTests: XCTestCase {
    struct Row { var source, rule, subject, line, verdict, status, reason: String }

    func testClassifiedRealFindings() throws {
        let plists = URL(fileURLWithPath: try CLI.shared("realworld/plists"))
        let xcode = URL(fileURLWithPath: try CLI.shared("realworld/xcode"))
        let text = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("Tests/UniformCLITests/Precision/corpus.tsv"),
            encoding: .utf8)
        var lines = text.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = lines.removeFirst()
        func column(_ name: String) -> Int { header.firstIndex(of: name)! }
        let rows = lines.filter { $0.count == header.count }.map {
            Row(
                source: $0[column("source")], rule: $0[column("rule")], subject: $0[column("subject")],
                line: $0[column("line")],
                verdict: $0[column("verdict")], status: $0[column("status")], reason: $0[column("reason")])
        }
        XCTAssertGreaterThan(rows.count, 150)

        // One run per app, as a team runs it; each repository from its root.
        var runs: [(source: String, arguments: [String], directory: URL)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: plists.path).sorted() {
            runs.append(
                (
                    "plists/" + file, ["check", plists.appendingPathComponent(file).path, "--format", "json"],
                    FileManager.default.temporaryDirectory
                ))
        }
        for repository in try FileManager.default.contentsOfDirectory(atPath: xcode.path).sorted()
        where !repository.contains(".") {
            runs.append(
                ("xcode/" + repository, ["check", "--format", "json"], xcode.appendingPathComponent(repository)))
        }
        var present: [String: String] = [:]
        for (job, run) in zip(runs, CLI.runAll(runs.map { ($0.arguments, $0.directory) })) {
            guard let run, let findings = (try? CLI.json(run.stdout))?["findings"] as? [[String: Any]] else { continue }
            for finding in findings {
                let file = finding["file"] as? String ?? ""
                let source = job.source.hasPrefix("plists/") ? job.source : job.source + "/" + file
                let line = (finding["line"] as? Int).map(String.init) ?? ""
                let key = "\(source)\t\(finding["rule"] as? String ?? "")\t\(line)"
                if present[key] == nil { present[key] = finding["severity"] as? String ?? "" }
            }
        }

        var lost: [String] = [], back: [String] = [], louder: [String] = [], gone: [String] = []
        for row in rows {
            let key = "\(row.source)\t\(row.rule)\t\(row.line)"
            let severity = present[key]
            switch (row.verdict, row.status) {
            case ("true", _) where severity == nil: lost.append("\(key): \(row.reason)")
            case ("false", "fixed") where severity != nil: back.append("\(key): \(row.reason)")
            case ("false", "note") where severity != nil && severity != "note":
                louder.append("\(key) is a \(severity!): \(row.reason)")
            case ("false", "open") where severity == nil: gone.append(key)
            default: break
            }
        }
        XCTAssertEqual(lost, [], "true findings no longer reported")
        XCTAssertEqual(back, [], "false findings that came back")
        XCTAssertEqual(louder, [], "findings accepted only as notes are louder again")
        XCTAssertEqual(gone, [], "open false findings that are gone: mark them fixed in corpus.tsv")
        let open = rows.filter { $0.status == "open" }.count
        print(
            "precision corpus: \(rows.filter { $0.verdict == "true" }.count) true kept, \(rows.filter { $0.status == "fixed" }.count) false fixed, \(open) false still open"
        )
    }
}
