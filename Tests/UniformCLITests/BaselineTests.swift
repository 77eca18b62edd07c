import Foundation
import XCTest

/// `uniform check --write-baseline` / `--baseline` / `--strict-baseline`.
final class BaselineTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.temporaryDirectory()
        try TestManifest.write("return { manifests = { \"App\" } }\n", to: dir, ".uniform.lua")
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["com.acme.undeclared-one"]), to: dir, "App/Info.plist")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testWrittenBaselineHidesOldFindingsAndShowsANewOne() throws {
        let write = try CLI.run(["check", "--write-baseline", "baseline.json"], in: dir)
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertTrue(write.stdout.contains("undeclared-one"), "writing still reports: \(write.stdout)")
        let baseline = try String(contentsOf: dir.appendingPathComponent("baseline.json"), encoding: .utf8)
        XCTAssertTrue(baseline.contains("\"file\":\"App/Info.plist\""), baseline)
        XCTAssertFalse(baseline.contains("\"line\""), "no line numbers in a baseline: \(baseline)")

        let clean = try CLI.run(["check", "--baseline", "baseline.json", "--strict"], in: dir)
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertFalse(clean.stdout.contains("undeclared-one"), clean.stdout)
        XCTAssertTrue(clean.stderr.contains("1 finding accepted"), clean.stderr)

        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["com.acme.undeclared-one", "com.acme.undeclared-two"]), to: dir,
            "App/Info.plist")
        let new = try CLI.run(["check", "--baseline", "baseline.json", "--strict", "--format", "json"], in: dir)
        XCTAssertEqual(new.status, 1, new.stdout + new.stderr)
        XCTAssertTrue(new.stdout.contains("undeclared-two"), new.stdout)
        XCTAssertFalse(new.stdout.contains("undeclared-one"), new.stdout)
    }

    func testMovedLineDoesNotBreakTheBaseline() throws {
        XCTAssertEqual(try CLI.run(["check", "--write-baseline", "baseline.json"], in: dir).status, 0)
        let header = (1...6).map { "\t<key>X\($0)</key>\n\t<string>padding</string>" }.joined(separator: "\n")
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["com.acme.undeclared-one"], header: header), to: dir,
            "App/Info.plist")
        let moved = try CLI.run(["check", "--format", "json"], in: dir)
        XCTAssertTrue(moved.stdout.contains("undeclared-one"), "the finding is still there, on another line")
        let run = try CLI.run(["check", "--baseline", "baseline.json", "--strict"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertFalse(run.stdout.contains("undeclared-one"), run.stdout)
        XCTAssertFalse(run.stdout.contains("baseline.stale"), run.stdout)
    }

    func testFixedFindingIsReportedAsStale() throws {
        XCTAssertEqual(try CLI.run(["check", "--write-baseline", "baseline.json"], in: dir).status, 0)
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        let run = try CLI.run(["check", "--baseline", "baseline.json"], in: dir)
        XCTAssertEqual(run.status, 0, "stale entries are notes without --strict-baseline: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("baseline.json:5"), "points at the entry's line: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("[baseline.stale]"), run.stdout)
        XCTAssertTrue(run.stdout.contains("com.acme.undeclared-one no longer occurs"), run.stdout)
        let strict = try CLI.run(["check", "--baseline", "baseline.json", "--strict-baseline"], in: dir)
        XCTAssertEqual(strict.status, 1, strict.stdout)
        XCTAssertTrue(strict.stdout.contains("error:"), strict.stdout)
    }

    func testBadBaselineIsAnInputError() throws {
        try "not json".write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["check", "--baseline", "bad.json"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("bad.json"), bad.stderr)
        let missing = try CLI.run(["check", "--baseline", "missing.json"], in: dir)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--write-baseline"), missing.stderr)
        XCTAssertEqual(try CLI.run(["check", "--strict-baseline"], in: dir).status, 2, "usage error")
    }

    /// A baseline whose fingerprints are written with a JSON escape (`\u0030` for `0`) took 70 s
    /// at 619 KB: the stored text never matched the decoded value, so every entry searched to
    /// the end of the file for its line. One pass now indexes the file.
    func testEscapedFingerprintsAreFoundInOnePass() throws {
        let count = 5_000
        let entries = (0..<count).map { n in
            let fingerprint = String(format: "%016x", n).replacingOccurrences(of: "0", with: "\\u0030")
            return
                "    {\"fingerprint\":\"\(fingerprint)\",\"rule\":\"undeclared-type\",\"file\":\"App/Info.plist\",\"subject\":\"com.acme.gone-\(n)\",\"message\":\"m\"}"
        }
        let text =
            "{\n  \"version\": 1,\n  \"tool\": \"uniform\",\n  \"findings\": [\n"
            + entries.joined(separator: ",\n") + "\n  ]\n}\n"
        try text.write(to: dir.appendingPathComponent("baseline.json"), atomically: true, encoding: .utf8)
        let start = Date()
        let run = try CLI.run(["check", "--baseline", "baseline.json", "--format", "json"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "linear, not one search of the file per entry")
        XCTAssertEqual(run.status, 0, "stale entries are notes, the real finding a warning: \(run.stderr)")
        let findings = try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []
        let stale = findings.filter { $0["rule"] as? String == "baseline.stale" }
        XCTAssertEqual(stale.count, count)
        let lines = Set(stale.compactMap { $0["line"] as? Int })
        XCTAssertEqual(lines, Set(5..<(5 + count)), "each stale entry points at its own line")
    }

    func testABaselineOverItsCapIsAnInputError() throws {
        var data = Data("{\"version\": 1, \"findings\": []}".utf8)
        data.append(Data(repeating: UInt8(ascii: " "), count: 32 << 20))
        try data.write(to: dir.appendingPathComponent("huge.json"))
        let run = try CLI.run(["check", "--baseline", "huge.json"], in: dir)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "uniform: huge.json: larger than 32 MiB; uniform reads baselines of at most that size"), run.stderr)
    }

    /// The workflow names `--baseline .uniform-baseline.json`; the pull request made that name
    /// (or its folder) a link out of the repository. Refused unread; a path outside the
    /// repository as written is the user's own.
    func testABaselineLinkOutOfTheRepositoryIsRefused() throws {
        XCTAssertEqual(
            try CLI.run(["git", "init", "-q"], in: dir, executable: URL(fileURLWithPath: "/usr/bin/env")).status, 0)
        XCTAssertEqual(try CLI.run(["check", "--write-baseline", "baseline.json"], in: dir).status, 0)
        let outside = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent("baseline.json"), to: outside.appendingPathComponent("secret.json"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("linked.json").path,
            withDestinationPath: outside.appendingPathComponent("secret.json").path)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("Baselines").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("inside.json").path, withDestinationPath: "baseline.json")

        let linked = try CLI.run(["check", "--baseline", "linked.json"], in: dir)
        XCTAssertEqual(linked.status, 2, linked.stderr)
        XCTAssertTrue(
            linked.stderr.contains("uniform: linked.json: the path links outside the repository"),
            linked.stderr)
        XCTAssertFalse(linked.stderr.contains("accepted by"), "not read: \(linked.stderr)")
        let folder = try CLI.run(["check", "--baseline", "Baselines/secret.json"], in: dir)
        XCTAssertEqual(folder.status, 2, folder.stderr)
        XCTAssertTrue(
            folder.stderr.contains("Baselines/secret.json: the path links outside the repository"),
            folder.stderr)
        let write = try CLI.run(["check", "--write-baseline", "Baselines/new.json"], in: dir)
        XCTAssertEqual(write.status, 2, write.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside.appendingPathComponent("new.json").path))
        // A sub-folder's run is held to the same work tree.
        let sub = try CLI.run(["check", "--baseline", "../linked.json"], in: dir.appendingPathComponent("App"))
        XCTAssertEqual(sub.status, 2, sub.stderr)
        XCTAssertTrue(sub.stderr.contains("the path links outside the repository"), sub.stderr)
        XCTAssertFalse(linked.stderr.contains(dir.path), "no absolute path of the checkout: \(linked.stderr)")

        // A link that stays inside, and the user's own file outside named as such, are read.
        let inside = try CLI.run(["check", "--baseline", "inside.json"], in: dir)
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertTrue(inside.stderr.contains("1 finding accepted by inside.json"), inside.stderr)
        let own = outside.appendingPathComponent("secret.json").path
        let named = try CLI.run(["check", "--baseline", own], in: dir)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stderr.contains("1 finding accepted by"), named.stderr)
    }
}
