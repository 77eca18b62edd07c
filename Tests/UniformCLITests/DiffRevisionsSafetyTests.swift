import Foundation
import XCTest

/// `uniform diff --git` checks revisions out into temporary folders: a symbolic link committed
/// in a revision is not followed out of it, and Ctrl-C removes the folders.
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

    func git(_ arguments: [String]) throws {
        let run = try CLI.run(
            ["git", "-c", "user.email=ci@example.com", "-c", "user.name=CI"] + arguments, in: repository,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(run.status, 0, "git \(arguments): \(run.stderr)")
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
        try TestManifest.write(
            "return { manifests = { \"App\", \"Evil.plist\", \"Linked\" } }\n", to: repository, ".uniform.lua")
        try commit("one")
        try TestManifest.write(
            "return { manifests = { \"App\", \"Evil.plist\", \"Linked\" }, platform = \"macos\" }\n", to: repository,
            ".uniform.lua")
        try commit("two")
        let run = try CLI.run(["diff", "--git", "HEAD~1..HEAD", "--format", "json"], in: repository)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("com.secret.token-1234"), run.stdout + run.stderr)
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
