import Foundation
import XCTest

/// A pull request supplies the manifests, `.uniform.lua` and the tests: nothing they name
/// outside the repository is read, and no report they configure is written outside it. The
/// command line's own paths stay the user's.
final class RepositoryBoundaryTests: XCTestCase {
    var repository: URL!
    var outside: URL!

    override func setUpWithError() throws {
        repository = try CLI.temporaryDirectory()
        outside = try CLI.temporaryDirectory()
        // A "secret" outside the repository that parses as a manifest.
        try TestManifest.write(
            TestManifest.app("com.secret.token-1234", claims: ["public.data"]), to: outside, "Secret/Info.plist")
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: repository, "App/Info.plist")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repository)
        try? FileManager.default.removeItem(at: outside)
    }

    func config(_ body: String) throws {
        try TestManifest.write("return { \(body) }\n", to: repository, ".uniform.lua")
    }

    func testConfiguredPathsOutsideAreNamedNotRead() throws {
        let secret = outside.appendingPathComponent("Secret/Info.plist").path
        try config("manifests = { \"App\", \"\(secret)\" }, defaults = \"\(secret)\"")
        let run = try CLI.run(["check", "--verbose"], in: repository)
        XCTAssertFalse(
            (run.stdout + run.stderr).contains("com.secret.token-1234"), "outside content never reaches the output")
        XCTAssertTrue(
            run.stdout.contains(
                "manifests names \(secret), which is outside the repository; it is not read [config.outside-repository]"
            ), run.stdout)
        XCTAssertTrue(run.stdout.contains("defaults names \(secret), which is outside the repository"), run.stdout)
        // Only outside paths: nothing to check is an input error, never a green run.
        try config("manifests = { \"\(secret)\" }")
        let empty = try CLI.run(["check"], in: repository)
        XCTAssertEqual(empty.status, 2, empty.stdout + empty.stderr)
        // The command line's path is the user's own choice.
        let named = try CLI.run(["resolve", ".txt", "-m", secret, "--format", "json"], in: repository)
        XCTAssertEqual(named.status, 0, named.stderr)
    }

    func testConfiguredReportsAreWrittenOnlyInside() throws {
        let target = outside.appendingPathComponent("planted.xml")
        try config("manifests = { \"App\" }, reporters = { \"junit:\(target.path)\" }")
        let run = try CLI.run(["check"], in: repository)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("writes outside the repository"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        try config("manifests = { \"App\" }, reporters = { \"junit:reports/uniform.xml\" }")
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("reports"), withIntermediateDirectories: true)
        XCTAssertEqual(try CLI.run(["check"], in: repository).status, 0)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: repository.appendingPathComponent("reports/uniform.xml").path))
    }

    func testSymbolicLinksOutOfTheTreeAreNotFollowed() throws {
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("Linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repository.appendingPathComponent("Linked/Info.plist").path,
            withDestinationPath: outside.appendingPathComponent("Secret/Info.plist").path)
        let run = try CLI.run(["check", "--verbose"], in: repository)
        XCTAssertFalse((run.stdout + run.stderr).contains("com.secret.token-1234"), run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("app: com.acme.app"), run.stderr)
    }

    func testFixturesReadOnlyInsideTheRepository() throws {
        try config("manifests = { \"App\" }, tests = { \"tests\" }")
        try TestManifest.write(
            """
            describe("fixtures", function()
              it("cannot load a file outside", function()
                fixture.manifests("\(outside.appendingPathComponent("Secret").path)")
              end)
            end)
            """, to: repository, "tests/outside_test.lua")
        let run = try CLI.run(["test"], in: repository)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stdout.contains("is outside the repository; it is not read"), run.stdout)
        XCTAssertFalse(run.stdout.contains("com.secret.token-1234"), run.stdout)
    }
}
