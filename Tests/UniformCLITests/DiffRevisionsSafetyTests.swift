import Foundation
import XCTest

/// `uniform diff --git` reads revisions into temporary folders: straight from git's objects, so
/// the pull request's `.gitattributes` changes nothing; a symbolic link committed in a revision
/// is not followed out of it; what a revision may hold is capped; Ctrl-C removes the folders.
final class DiffRevisionsSafetyTests: XCTestCase {
    var repository: URL!
    var outside: URL!

    override func setUpWithError() throws {
        repository = try CLI.temporaryDirectory()
        outside = try CLI.temporaryDirectory()
        try git(["init", "-q"])
        try TestManifest.write(
            TestManifest.app("com.secret.token-1234", claims: ["public.data"]), to: outside, "Secret/Info.plist")
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: repository, "App/Info.plist")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repository)
        try? FileManager.default.removeItem(at: outside)
    }

    @discardableResult
    func git(_ arguments: [String], stdin: String? = nil) throws -> String {
        let run = try CLI.run(
            ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI", "-c", "commit.gpgsign=false"] + arguments,
            in: repository, stdin: stdin, executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(run.status, 0, "git \(arguments): \(run.stderr)")
        return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func commit(_ message: String) throws {
        try git(["add", "-A"])
        try git(["commit", "-qm", message])
    }

    func testCommittedSymlinksOutOfARevisionAreNotFollowed() throws {
        let secret = outside.appendingPathComponent("Secret/Info.plist").path
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("Evil.plist").path, withDestinationPath: secret)
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("Linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("Linked/Info.plist").path, withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("Up").path, withDestinationPath: "..")
        try TestManifest.write("return { manifests = { \"App\", \"Linked\" } }\n", to: repository, ".uniform.lua")
        try commit("one")
        try TestManifest.write(
            "return { manifests = { \"App\", \"Linked\" }, platform = \"macos\" }\n", to: repository,
            ".uniform.lua")
        try commit("two")
        let run = try CLI.run(["diff", "--git", "HEAD~1..HEAD", "--format", "json"], in: repository)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("com.secret.token-1234"), run.stdout + run.stderr)
        XCTAssertTrue(
            run.stderr.contains("uniform: HEAD: Evil.plist: a symbolic link out of the revision; not read"), run.stderr)
        XCTAssertTrue(run.stderr.contains("HEAD~1: Linked/Info.plist: a symbolic link out"), run.stderr)
        XCTAssertTrue(run.stderr.contains("HEAD~1: Up: a symbolic link out"), run.stderr)

        // Named on its own, the link is a file the revision does not have.
        try TestManifest.write("return { manifests = { \"App\", \"Evil.plist\" } }\n", to: repository, ".uniform.lua")
        try commit("three")
        let named = try CLI.run(["diff", "--git", "HEAD~1..HEAD"], in: repository)
        XCTAssertEqual(named.status, 2, named.stderr)
        XCTAssertTrue(named.stderr.contains("HEAD: Evil.plist: a symbolic link out of the revision"), named.stderr)
        XCTAssertTrue(named.stderr.contains("Evil.plist: no such file"), named.stderr)
        XCTAssertFalse((named.stdout + named.stderr).contains("com.secret.token-1234"), named.stderr)
    }

    /// `git archive` honoured the pull request's own attributes: `export-ignore` hid a new app
    /// that takes the default (`--fail-on-change` said "no changes") and `export-subst` rewrote
    /// the files. The revision is read as committed.
    func testTheRevisionsAttributesChangeNothing() throws {
        try TestManifest.write("return { manifests = { \".\" } }\n", to: repository, ".uniform.lua")
        try commit("one")
        try TestManifest.write(
            TestManifest.app("com.acme.writer-$Format:%h$", claims: ["public.plain-text"], rank: "Owner"),
            to: repository, "Writer/Info.plist")
        try TestManifest.write(
            "Writer export-ignore\nWriter/** export-ignore\n*.plist export-subst\n.gitattributes export-ignore\n",
            to: repository, ".gitattributes")
        try commit("two")
        let run = try CLI.run(["diff", "--git", "HEAD~1..HEAD", "--fail-on-change"], in: repository)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains("default changed: com.acme.app → com.acme.writer-$Format:%h$"), run.stdout)
    }

    /// Each cap is an error naming the revision and the path, exit 2: one file over 64 MiB, more
    /// than 256 MiB in all, more than 50,000 files; a large file no world is loaded from is not
    /// read at all. Built with plumbing: one blob, many paths.
    func testWhatARevisionMayHoldIsCapped() throws {
        try TestManifest.write("return { manifests = { \".\" } }\n", to: repository, ".uniform.lua")
        try commit("base")
        let base = try git(["rev-parse", "HEAD"])
        func blob(megabytes: Int) throws -> String {
            let file = outside.appendingPathComponent("blob-\(megabytes)")
            try Data(count: megabytes << 20).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            return try git(["hash-object", "-w", file.path])
        }
        func revision(_ name: String, paths: [String], blob: String) throws {
            try git(["read-tree", base])
            try git(["update-index", "--index-info"], stdin: paths.map { "100644 \(blob)\t\($0)\n" }.joined())
            try git(["commit", "-qm", name])
            try git(["tag", name])
        }
        let large = try blob(megabytes: 65)
        try revision("big", paths: ["More/Big/Info.plist"], blob: large)
        try revision("assets", paths: ["Art/movie.mov", "Art/poster.png"], blob: large)
        try revision("heavy", paths: (0..<7).map { "More/App\($0)/Info.plist" }, blob: try blob(megabytes: 40))
        let empty = try blob(megabytes: 0)
        try revision("many", paths: (0...50_000).map { "More/D\($0 / 1000)/\($0).plist" }, blob: empty)

        let big = try CLI.run(["diff", "--git", "\(base)..big"], in: repository)
        XCTAssertEqual(big.status, 2, big.stderr)
        XCTAssertTrue(
            big.stderr.contains(
                "uniform: big: More/Big/Info.plist is 68157440 bytes; uniform reads files of at most 64 MiB from a revision"
            ), big.stderr)
        // Files no world is loaded from are not read, whatever their size.
        let assets = try CLI.run(["diff", "--git", "\(base)..assets"], in: repository)
        XCTAssertEqual(assets.status, 0, assets.stderr)
        XCTAssertTrue(assets.stdout.hasSuffix("no changes\n"), assets.stdout)
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let heavy = try CLI.run(["diff", "--git", "heavy"], in: repository, environment: ["TMPDIR": scratch.path])
        XCTAssertEqual(heavy.status, 2, heavy.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "nothing left behind")
        XCTAssertTrue(
            heavy.stderr.contains(
                "uniform: heavy: the files to read add up to more than 256 MiB at More/App6/Info.plist"),
            heavy.stderr)
        let many = try CLI.run(["diff", "--git", "many..\(base)"], in: repository)
        XCTAssertEqual(many.status, 2, many.stderr)
        XCTAssertTrue(many.stderr.contains("uniform: many: more than 50000 files to read (the next is "), many.stderr)
    }

    func testInterruptRemovesTheCheckedOutRevisions() throws {
        // A check that spins long enough to be interrupted.
        try TestManifest.write(
            "uniform.check { id = \"slow\", run = function() while true do end end }\n", to: repository,
            "rules/slow.lua")
        try TestManifest.write(
            "return { manifests = { \"App\" }, rules = { \"rules/slow.lua\" }, limits = { instructions = 1e9, seconds = 30 } }\n",
            to: repository, ".uniform.lua")
        try commit("one")
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["diff", "--git", "HEAD"]
        process.currentDirectoryURL = repository
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter {
                $0.hasPrefix("uniform-diff-")
            }
        }
        while leftovers().isEmpty && Date() < deadline { usleep(20_000) }
        XCTAssertFalse(leftovers().isEmpty, "the revision was checked out under TMPDIR")
        usleep(300_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
        XCTAssertEqual(leftovers(), [], "Ctrl-C removed the checked-out revisions")
    }
}
