import Foundation
import XCTest

/// `uniform diff OLD NEW` and `uniform diff --git REV1..REV2`.
final class DiffCommandTests: XCTestCase {
    static let leakyWorld = [
        "--new", "examples/sysstats/apps/Lite", "--new", "examples/sysstats/apps/TextEditor",
        "--new", "examples/sysstats/apps/HexViewer", "--new", "examples/sysstats/apps/FileSync",
    ]

    func testLeakySysStatsGivesTheBookmarkToGenericTextEditors() throws {
        let run = try CLI.run(
            ["diff", "examples/sysstats/apps", "examples/sysstats/leaky"] + Self.leakyWorld + ["--platform", "ios"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("~ jp.example.sysstats.bookmark: public.item → public.text"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains(
                """
                  .sysstatsbookmark (jp.example.sysstats.bookmark)
                    before: jp.example.sysstats.monitor*, com.cloudharbor.filesync
                    after:  jp.example.sysstats.monitor*, com.quillworks.texteditor, net.bytepeek.hexviewer, com.cloudharbor.filesync
                    gained: com.quillworks.texteditor, net.bytepeek.hexviewer
                """), run.stdout)
        XCTAssertTrue(
            run.stdout.contains("+ examples/sysstats/leaky/Monitor/Info.plist"),
            "the exposure finding is new: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("[exposed-private-type]"), run.stdout)

        let json = try CLI.json(
            try CLI.run(
                ["diff", "examples/sysstats/apps", "examples/sysstats/leaky", "--format", "json"] + Self.leakyWorld
            ).stdout)
        XCTAssertEqual(json["default_changed"] as? Bool, false)
        let handlers = try XCTUnwrap(json["handlers"] as? [[String: Any]])
        let bookmark = try XCTUnwrap(handlers.first { $0["subject"] as? String == "jp.example.sysstats.bookmark" })
        XCTAssertEqual(bookmark["kind"] as? String, "identifier")
        XCTAssertTrue((bookmark["gained"] as? [String])?.contains("com.quillworks.texteditor") == true)
        let added = try XCTUnwrap(json["findings_added"] as? [[String: Any]])
        XCTAssertTrue(added.contains { $0["rule"] as? String == "exposed-private-type" })
        // The same world twice: nothing changed.
        let same = try CLI.run(["diff", "examples/sysstats/apps", "examples/sysstats/apps", "--fail-on-change"])
        XCTAssertEqual(same.status, 0)
        XCTAssertTrue(same.stdout.hasSuffix("no changes\n"), same.stdout)
    }

    func testUsageErrors() throws {
        XCTAssertEqual(try CLI.run(["diff", "examples/sysstats/apps"]).status, 2)
        XCTAssertEqual(try CLI.run(["diff", "examples/sysstats/apps", "no/such/dir"]).status, 2)
    }

    func git(_ arguments: [String], in dir: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-c", "user.name=uniform", "-c", "user.email=uniform@example.com", "-c", "commit.gpgsign=false"]
            + arguments
        process.currentDirectoryURL = dir
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
    }

    func testGitRevisionsOfAThrowawayRepository() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try git(["init", "-q"], in: dir)
        try TestManifest.write("return { manifests = { \"apps\" } }\n", to: dir, ".uniform.lua")
        try TestManifest.write(
            TestManifest.app("com.acme.notes", claims: ["public.plain-text"]), to: dir, "apps/Notes/Info.plist")
        try git(["add", "."], in: dir)
        try git(["commit", "-q", "-m", "notes"], in: dir)
        // The pull request: a second app takes public.plain-text with Owner rank.
        try TestManifest.write(
            TestManifest.app("com.acme.writer", claims: ["public.plain-text", "com.acme.undeclared"], rank: "Owner"),
            to: dir, "apps/Writer/Info.plist")
        try git(["add", "."], in: dir)
        try git(["commit", "-q", "-m", "writer"], in: dir)

        let run = try CLI.run(["diff", "--git", "HEAD~1..HEAD"], in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("uniform diff HEAD~1 → HEAD"), run.stdout)
        XCTAssertTrue(run.stdout.contains("public.plain-text (public.plain-text)"), run.stdout)
        XCTAssertTrue(run.stdout.contains("default changed: com.acme.notes → com.acme.writer"), run.stdout)
        XCTAssertTrue(run.stdout.contains("+ apps/Writer/Info.plist"), "findings keep repository paths: \(run.stdout)")
        XCTAssertTrue(run.stdout.contains("[undeclared-type]"), run.stdout)
        XCTAssertEqual(try CLI.run(["diff", "--git", "HEAD~1..HEAD", "--fail-on-change"], in: dir).status, 1)

        // A single revision compares with the working tree; the working tree is left alone.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("apps/Writer"))
        let working = try CLI.run(["diff", "--git", "HEAD", "--format", "json"], in: dir)
        let json = try CLI.json(working.stdout)
        XCTAssertEqual(json["new"] as? String, "working tree")
        XCTAssertEqual(json["default_changed"] as? Bool, true)
        XCTAssertTrue(
            (json["findings_removed"] as? [[String: Any]])?.contains { $0["rule"] as? String == "undeclared-type" }
                == true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("apps/Writer").path))

        let bad = try CLI.run(["diff", "--git", "nosuchrev..HEAD"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("nosuchrev"), bad.stderr)
    }
}
