import Foundation
import XCTest

/// Specs written from busted's documentation run under `uniform test` with busted's counts
/// (Busted/busted_docs_spec.lua: 18 successes, 3 pending), and what uniform test does not do
/// fails by name at its line without aborting the file (Busted/unsupported_spec.lua).
final class BustedCompatibilityTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("examples/molecules/apps"),
            to: dir.appendingPathComponent("apps"))
        try TestManifest.write("return { manifests = { \"apps\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("tests"), withIntermediateDirectories: true)
        for file in ["busted_docs_spec.lua", "unsupported_spec.lua", "randomize_spec.lua"] {
            try FileManager.default.copyItem(
                at: CLI.packageRoot.appendingPathComponent("Tests/UniformCLITests/Busted/\(file)"),
                to: dir.appendingPathComponent("tests/\(file)"))
        }
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func results(_ file: String) throws -> [[String: Any]] {
        let run = try CLI.run(["test", "tests/\(file)", "--format", "json"], in: dir)
        return try CLI.json(run.stdout)["tests"] as? [[String: Any]] ?? []
    }

    func testBustedDocumentationSpecsPassWithBustedsCounts() throws {
        let all = try results("busted_docs_spec.lua")
        let byStatus = Dictionary(grouping: all) { $0["status"] as? String ?? "" }.mapValues(\.count)
        XCTAssertEqual(
            byStatus, ["passed": 18, "skipped": 3],
            "\(all.map { ($0["name"] as? String ?? "", $0["message"] as? String ?? "") })")
    }

    func testUnsupportedVocabularyFailsByNameAtItsLine() throws {
        let all = try results("unsupported_spec.lua")
        func result(_ name: String) -> (status: String, line: Int, message: String)? {
            guard let r = all.first(where: { ($0["path"] as? [String])?.last == name }) else { return nil }
            let line = (r["location"] as? [String: Any])?["line"] as? Int ?? 0
            return (r["status"] as? String ?? "", line, r["message"] as? String ?? "")
        }
        XCTAssertEqual(result("loads modules")?.line, 3)
        XCTAssertTrue(
            result("loads modules")?.message.contains("busted's `require` is not supported by uniform test") == true)
        XCTAssertEqual(result("require (unsupported)")?.line, 5)
        XCTAssertEqual(result("still runs the rest of the file")?.status, "passed", "the file was not aborted")
        XCTAssertEqual(result("fails a chained assertion at its line")?.line, 8)
        XCTAssertTrue(result("fails a chained assertion at its line")?.message.contains("values differ at [2]") == true)
        XCTAssertEqual(result("fails a negated one too")?.line, 11)
        XCTAssertTrue(result("names an unknown assertion")?.message.contains("unknown assertion 'purple'") == true)
    }

    /// `--shuffle` / `--seed N`: each file's tests in a seeded order, the same for the same seed,
    /// with the same counts.
    func testSeededShuffleIsReproducible() throws {
        func order(_ arguments: [String]) throws -> [String] {
            let run = try CLI.run(["test", "tests/busted_docs_spec.lua", "--format", "json"] + arguments, in: dir)
            return (try CLI.json(run.stdout)["tests"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        let written = try order([])
        let first = try order(["--seed", "7"]), again = try order(["--seed", "7"]), other = try order(["--seed", "8"])
        XCTAssertEqual(first, again)
        XCTAssertEqual(Set(first), Set(written))
        XCTAssertTrue(first != written || other != written, "a seed changes the order")
        // Without --seed the order is the run's own: stderr prints its seed, and every message
        // here shows stderr, so a failing order can be rerun.
        let shuffled = try CLI.run(["test", "tests/busted_docs_spec.lua", "--shuffle"], in: dir)
        XCTAssertTrue(shuffled.stderr.contains("shuffled with --seed "), shuffled.stderr)
        XCTAssertTrue(
            shuffled.stdout.contains("18 passed, 0 failed, 3 skipped"), shuffled.stderr + shuffled.stdout)
    }

    /// busted's `randomize()`: a block's tests in a seeded order (printed, rerun with
    /// `--randomize-seed`), `randomize(false)` keeps a nested block in order; and luassert's
    /// `stub(t, "f").returns(…)` / `.invokes(fn)` (issue 31: both failed).
    func testRandomizeShufflesItsBlockAndStubsReturnAndInvoke() throws {
        func order(_ arguments: [String]) throws -> (names: [String], stderr: String) {
            let run = try CLI.run(["test", "tests/randomize_spec.lua", "--format", "json"] + arguments, in: dir)
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            let tests = try CLI.json(run.stdout)["tests"] as? [[String: Any]] ?? []
            XCTAssertTrue(tests.allSatisfy { $0["status"] as? String == "passed" }, run.stderr + run.stdout)
            return (tests.compactMap { ($0["path"] as? [String])?.last }, run.stderr)
        }
        // The run picks its seed and prints it (stderr, in each message below).
        let first = try order([])
        XCTAssertTrue(
            first.stderr.contains(
                "uniform test: randomize() shuffled 6 tests; rerun this order with --randomize-seed "), first.stderr)
        XCTAssertEqual(Array(first.names.suffix(4)), ["o1", "o2", "last", "stub returns and invokes"], first.stderr)
        XCTAssertEqual(Set(first.names.prefix(6)), Set((1...6).map { "r\($0)" }), first.stderr)
        let seven = try order(["--randomize-seed", "7"]), again = try order(["--randomize-seed", "7"])
        XCTAssertEqual(seven.names, again.names)
        let others = try (8...10).map { try order(["--randomize-seed", "\($0)"]).names }
        XCTAssertTrue(([seven.names] + others).contains { Array($0.prefix(6)) != (1...6).map { "r\($0)" } })
    }
}
