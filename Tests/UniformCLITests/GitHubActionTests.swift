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

    /// The `run: |` block of the step with this id, dedented.
    func runScript(step id: String = "run") throws -> String {
        let action = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent(".github/actions/uniform/action.yml"), encoding: .utf8)
        let lines = action.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let step = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "id: \(id)" })
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

    /// A one-line `arguments` is split as a shell would, quotes kept (`read -a` split inside
    /// them: exit 2); a block is one argument per line, as written.
    func testArgumentsKeepTheirQuoting() throws {
        let quoted = try run(arguments: #"check --format "sarif:my file.sarif""#)
        XCTAssertEqual(quoted.outputs["exit-code"], "0", quoted.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.appendingPathComponent("my file.sarif").path))
        let single = try run(arguments: "check --format sarif:'single quoted.sarif'")
        XCTAssertEqual(single.outputs["exit-code"], "0", single.stdout)
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: repository.appendingPathComponent("single quoted.sarif").path))

        let block = try run(arguments: "check\n--format\njunit:it's a report.xml\n--strict\n")
        XCTAssertEqual(block.outputs["exit-code"], "1", "--strict is an argument of its own: \(block.stdout)")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: repository.appendingPathComponent("it's a report.xml").path))

        let unmatched = try run(arguments: "check --format 'sarif:oops.sarif")
        XCTAssertEqual(unmatched.status, 0)
        XCTAssertEqual(unmatched.outputs["exit-code"], "2")
        XCTAssertTrue(unmatched.stdout.contains("::error::The arguments input cannot be split"), unmatched.stdout)
    }

    /// GitHub makes the token of a pull request from a fork, or Dependabot's, read-only: the
    /// SARIF upload is skipped with a notice instead of failing a clean check.
    func testForkPullRequestsSkipTheSARIFUploadWithANotice() throws {
        func event(
            _ name: String, head: String, actor: String = "octocat"
        ) throws -> (
            upload: String?, stdout: String, status: String?
        ) {
            let result = try run(
                arguments: "check",
                environment: [
                    "UPLOAD_SARIF": "true", "EVENT_NAME": name, "ACTOR": actor, "HEAD_REPOSITORY": head,
                    "BASE_REPOSITORY": name.hasPrefix("pull_request") ? "acme/app" : "",
                ])
            XCTAssertNotNil(result.outputs["sarif"], "the report is still written")
            return (result.outputs["upload"], result.stdout, result.outputs["exit-code"])
        }
        let fork = try event("pull_request", head: "someone/app")
        XCTAssertEqual(fork.upload, "false")
        XCTAssertEqual(fork.status, "0", "a clean check stays green")
        XCTAssertTrue(fork.stdout.contains("::notice::SARIF not uploaded"), fork.stdout)
        XCTAssertEqual(try event("pull_request", head: "", actor: "someone").upload, "false", "a deleted fork")
        XCTAssertEqual(try event("pull_request", head: "acme/app", actor: "dependabot[bot]").upload, "false")
        let own = try event("pull_request", head: "acme/app")
        XCTAssertEqual(own.upload, "true")
        XCTAssertFalse(own.stdout.contains("::notice::"), own.stdout)
        XCTAssertEqual(try event("push", head: "").upload, "true")
        // pull_request_target runs with the base repository's token, which can write.
        XCTAssertEqual(try event("pull_request_target", head: "someone/app").upload, "true")
    }

    /// Pinned to a commit SHA (or a branch), the action installs the release its revision
    /// names in Version.swift, read from the action's own checkout; the checksum is checked.
    /// The "Install uniform" step runs with a stand-in curl serving a stand-in release.
    func testTheInstallStepTakesTheVersionFromThePinnedRevision() throws {
        let temp = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temp) }
        let version = try CLI.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = "uniform-\(version)-linux-x86_64"
        let releases = temp.appendingPathComponent("releases"), tools = temp.appendingPathComponent("tools")
        try TestManifest.write("#!/bin/sh\necho \(version)\n", to: temp, "\(name)/bin/uniform")
        try TestManifest.write(
            """
            #!/bin/sh
            # curl -fsSL -o OUT URL: copies the URL's file name from $RELEASES, logs the URL.
            echo "$4" >> "$RELEASES/asked"
            cp "$RELEASES/$(basename "$4")" "$3"
            """, to: tools, "curl")
        for script in ["\(name)/bin/uniform", "tools/curl"] {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: temp.appendingPathComponent(script).path)
        }
        try FileManager.default.createDirectory(at: releases, withIntermediateDirectories: true)
        func shell(_ command: String) throws {
            let result = try CLI.run(["-c", command], in: temp, executable: URL(fileURLWithPath: "/bin/sh"))
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        try shell(
            "tar -czf releases/\(name).tar.gz \(name) && cd releases && "
                + "(sha256sum \(name).tar.gz 2>/dev/null || shasum -a 256 \(name).tar.gz) > \(name).tar.gz.sha256")
        func install(version input: String = "") throws -> (status: Int32, path: String, stdout: String) {
            let githubPath = temp.appendingPathComponent("path")
            FileManager.default.createFile(atPath: githubPath.path, contents: nil)
            let cache = temp.appendingPathComponent("cache-\(UUID().uuidString)")
            let result = try CLI.run(
                ["--noprofile", "--norc", "-eo", "pipefail", "-c", try runScript(step: "install")], in: temp,
                environment: [
                    "VERSION": input, "ACTION_REPOSITORY": "acme/uniform",
                    "ACTION_PATH": CLI.packageRoot.appendingPathComponent(".github/actions/uniform").path,
                    "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TOOL_CACHE": cache.path,
                    "RUNNER_TEMP": temp.path, "GITHUB_PATH": githubPath.path, "RELEASES": releases.path,
                    "PATH": tools.path + ":/usr/bin:/bin",
                ], executable: URL(fileURLWithPath: "/bin/bash"))
            return (result.status, try String(contentsOf: githubPath, encoding: .utf8), result.stdout + result.stderr)
        }
        let pinned = try install()
        XCTAssertEqual(pinned.status, 0, pinned.stdout)
        XCTAssertTrue(pinned.path.hasSuffix("/\(version)/\(name)/bin\n"), pinned.path)
        let asked = try String(contentsOf: releases.appendingPathComponent("asked"), encoding: .utf8)
        XCTAssertTrue(
            asked.hasPrefix("https://github.com/acme/uniform/releases/download/v\(version)/\(name).tar.gz\n"), asked)

        let missing = try install(version: "9.9.9")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stdout.contains("::error::No release uniform-9.9.9-linux-x86_64"), missing.stdout)

        try "0000000000000000000000000000000000000000000000000000000000000000  \(name).tar.gz\n".write(
            to: releases.appendingPathComponent("\(name).tar.gz.sha256"), atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try install().status, 0, "a checksum mismatch stops the step")
    }
}
