import Foundation
import XCTest

/// Paths with `..` and symbolic links mean what the kernel makes of them on both systems, and a
/// file found through a link is named as the link (`CanonicalPath`). Foundation's
/// `standardizedFileURL` took `..` lexically on macOS and, on Linux, followed the final link of
/// a path that held `..`, so the same configuration read other files, or named other ones, on
/// each system.
final class LinkedPathTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.temporaryDirectory()
        // A repository (its boundary) whose app's Info.plist is a link to a shared one.
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["com.acme.undeclared-one"]), to: dir, "Shared/Base-Info.plist")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("App/Info.plist").path, withDestinationPath: "../Shared/Base-Info.plist")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// `file = "../App/Info.plist"` in a configuration in a subfolder covers the finding in
    /// App/Info.plist (on Linux the pattern named the link's target, and missed).
    func testASuppressionThroughDotDotCoversTheLinkedManifest() throws {
        try TestManifest.write(
            """
            return { manifests = { "../App/Info.plist" },
                     suppress = { { rule = "undeclared-type", file = "../App/Info.plist", reason = "the host declares it" } } }
            """, to: dir, "Mac/.uniform.lua")
        for arguments in [
            ["check", "--config", "Mac/.uniform.lua"], ["check", "App/Info.plist", "--config", "Mac/.uniform.lua"],
        ] {
            let run = try CLI.run(arguments, in: dir)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stdout + run.stderr)")
            XCTAssertFalse(run.stdout.contains("[undeclared-type]"), "\(arguments): \(run.stdout)")
            XCTAssertFalse(run.stdout.contains("[suppression.unused]"), "\(arguments): \(run.stdout)")
        }
    }

    /// A test's `fixture.manifests("../App/Info.plist")` names the manifest as the link, as
    /// uniform check does, not as the file it leads to.
    func testAFixtureThroughDotDotIsNamedAsTheLink() throws {
        try TestManifest.write(
            "return { manifests = { \"App/Info.plist\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        try TestManifest.write(
            """
            describe("fixtures", function()
              it("name the manifest as written", function()
                fixture.manifests("../App/Info.plist")
                assert.equals("App/Info.plist", uniform.apps()[1].file)
              end)
            end)
            """, to: dir, "tests/paths_test.lua")
        let run = try CLI.run(["test"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("1 passed, 0 failed"), run.stdout)
    }

    /// `--config current/../loose/.uniform.lua`, where `current` links to policies/strict, is
    /// policies/loose's configuration, and its paths are read from there, as `cat` would read
    /// that path (macOS took the `..` lexically and looked for loose/App/Info.plist).
    func testAConfigurationThroughALinkedFolderReadsFromWhereItIs() throws {
        try TestManifest.write(
            "return { manifests = { \"Nowhere/Info.plist\" } }\n", to: dir, "policies/strict/.uniform.lua")
        try TestManifest.write(
            "return { manifests = { \"App/Info.plist\" } }\n", to: dir, "policies/loose/.uniform.lua")
        try TestManifest.write(
            TestManifest.app("com.acme.loose", claims: ["public.plain-text"]), to: dir, "policies/loose/App/Info.plist")
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("current").path, withDestinationPath: "policies/strict")
        let run = try CLI.run(["check", "--config", "current/../loose/.uniform.lua", "--verbose"], in: dir)
        XCTAssertNotEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stderr.contains("com.acme.loose") || run.stdout.contains("com.acme.loose"), run.stdout + run.stderr)
        XCTAssertTrue(
            (run.stdout + run.stderr).contains("policies/loose/App/Info.plist"), run.stdout + run.stderr)
    }
}
