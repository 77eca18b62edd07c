import Foundation
import XCTest

/// The composite action's "Run uniform" step, run as GitHub runs it (`bash -e -o pipefail`,
/// `GITHUB_OUTPUT`, `RUNNER_TEMP`) with the built binary on PATH: findings must not stop the
/// step before it records the reports (the SARIF upload runs only if it did), and the exit code
/// must come out as an output for the last step. The download step needs a release; it is not
/// run here.
final class GitHubActionTests: XCTestCase {
    var repository: URL!

    override func setUpWithError() throws {
        repository = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        // An owner claim on a type the app does not export: a warning, so `--strict` fails.
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.plain-text"], rank: "Owner"), to: repository,
            "App/Info.plist")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: repository) }

    /// The `run: |` block of the step with `id: run`, dedented.
    func runScript() throws -> String {
        let action = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent(".github/actions/uniform/action.yml"), encoding: .utf8)
        let lines = action.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let step = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "id: run" })
        let start = try XCTUnwrap(lines[step...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" }) + 1
        let indent = lines[start].prefix { $0 == " " }.count
        var script: [String] = []
        for line in lines[start...] {
            if !line.isEmpty && line.prefix { $0 == " " }.count < indent { break }
            script.append(String(line.dropFirst(min(indent, line.count))))
        }
        return script.joined(separator: "\n")
    }

    func run(
        arguments: String, environment extra: [String: String] = [:]
    ) throws -> (status: Int32, outputs: [String: String], stdout: String) {
        let temp = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let outputFile = temp.appendingPathComponent("output")
        FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        let path =
            CLI.binary.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try CLI.run(
            ["--noprofile", "--norc", "-eo", "pipefail", "-c", try runScript()], in: repository,
            environment: [
                "ARGUMENTS": arguments, "JUNIT": "uniform-junit.xml", "RUNNER_TEMP": temp.path,
                "GITHUB_OUTPUT": outputFile.path, "PATH": path,
            ].merging(extra) { _, new in new },
            executable: URL(fileURLWithPath: "/bin/bash"))
        var outputs: [String: String] = [:]
        for line in try String(contentsOf: outputFile, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { outputs[parts[0]] = parts[1] }
        }
        if let sarif = outputs["sarif"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: sarif), "the SARIF report exists while the step's outputs say so"
            )
        }
        return (result.status, outputs, result.stdout)
    }

    func testFindingsThatFailTheCheckStillLeaveTheReportsAndTheStatus() throws {
        let strict = try run(arguments: "check --strict")
        XCTAssertEqual(strict.status, 0, "the step itself goes on")
        XCTAssertEqual(strict.outputs["exit-code"], "1")
        XCTAssertNotNil(strict.outputs["sarif"])
        XCTAssertEqual(strict.outputs["junit"], repository.appendingPathComponent("uniform-junit.xml").path)
        XCTAssertTrue(strict.stdout.contains("::warning file=App/Info.plist"), strict.stdout)

        let lenient = try run(arguments: "check")
        XCTAssertEqual(lenient.outputs["exit-code"], "0")
    }

    func testAnEmptyArgumentsInputMeansCheckAndTestHasNoSARIF() throws {
        XCTAssertEqual(try run(arguments: "").outputs["exit-code"], "0")
        let test = try run(arguments: "test")
        XCTAssertNil(test.outputs["sarif"])
        XCTAssertNotNil(test.outputs["exit-code"])
    }

    /// On a pull_request event the policy is the base commit's: the pull request's own
    /// `.uniform.lua` turning a rule into a note changes nothing (`policy-from: none` lets it).
    func testPullRequestsAreCheckedWithTheirBasesPolicy() throws {
        try FileManager.default.removeItem(at: repository.appendingPathComponent(".git"))
        func git(_ arguments: [String]) throws {
            let result = try CLI.run(
                ["-c", "user.name=u", "-c", "user.email=u@example.com", "-c", "commit.gpgsign=false"] + arguments,
                in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        try git(["init", "-q"])
        try TestManifest.write(
            "return { manifests = { \"App\" }, severity = { [\"owner-without-export\"] = \"error\" } }\n",
            to: repository, ".uniform.lua")
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "base"])
        let base = try CLI.run(["rev-parse", "HEAD"], in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try TestManifest.write(
            "return { manifests = { \"App\" }, disable = { \"owner-without-export\" } }\n", to: repository,
            ".uniform.lua")
        try git(["commit", "-q", "-am", "pull request"])

        let pullRequest = try run(arguments: "check", environment: ["PULL_REQUEST_BASE": base])
        XCTAssertEqual(pullRequest.outputs["exit-code"], "1", pullRequest.stdout)
        XCTAssertTrue(pullRequest.stdout.contains("[owner-without-export]"), pullRequest.stdout)
        let own = try run(arguments: "check", environment: ["PULL_REQUEST_BASE": base, "POLICY_FROM": "none"])
        XCTAssertEqual(own.outputs["exit-code"], "0", own.stdout)
        XCTAssertEqual(try run(arguments: "check").outputs["exit-code"], "0", "a push has no base")
    }
}
