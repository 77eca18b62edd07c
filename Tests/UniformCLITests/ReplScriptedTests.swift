import Foundation
import XCTest

/// `uniform repl` with piped input: results on stdout, errors on stderr with the input's line
/// numbers, exit status 1 when anything failed.
final class ReplScriptedTests: XCTestCase {
    let apps = ["-m", "examples/molecules/apps"]

    /// `uniform repl .` takes paths as `check` does (issue 30: it was a usage error).
    func testPathsAreTakenAsCheckTakesThem() throws {
        let folder = CLI.packageRoot.appendingPathComponent("examples/molecules")
        let all = try CLI.run(["repl", "."], in: folder, stdin: "print(#uniform.apps())\n")
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(all.stdout.split(separator: "\n").last, "6", all.stdout)
        let one = try CLI.run(["repl", "apps/Molecules/Info.plist"], in: folder, stdin: "print(#uniform.apps())\n")
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(one.stdout.split(separator: "\n").last, "1", one.stdout)
    }

    func testGoodInputPrintsResultsAndExitsZero() throws {
        let input = """
            uniform.type(".pdb").id
            n = 0
            for _, app in ipairs(uniform.apps()) do
              n = n + 1
            end
            #uniform.apps()
            t = { 1, 2, { x = "y" } }

            t
            print("printed", 1)
            :type .pdb
            """
        let result = try CLI.run(["repl"] + apps, stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            Array(lines.prefix(4)),
            ["com.sunsetlakesoftware.molecules.pdb", "6", "{ 1, 2, { x = \"y\" } }", "printed\t1"])
        XCTAssertTrue(result.stdout.contains("com.sunsetlakesoftware.molecules.pdb\n  declared:"), result.stdout)
        XCTAssertFalse(result.stdout.contains("uniform>"), "no prompts when piped")
    }

    func testFailuresReportInputLinesAndExitOne() throws {
        let input = """
            1 + 1
            error("first")
            x = = 2
            :nope
            :load missing.lua
            nil + 1
            'after'
            """
        let result = try CLI.run(["repl"] + apps, stdin: input)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "2\nafter\n")
        let errors = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(errors.count, 5, result.stderr)
        XCTAssertTrue(errors[0].hasPrefix("stdin:2: first"), errors[0])
        XCTAssertTrue(errors[1].hasPrefix("stdin:3:"), errors[1])
        XCTAssertEqual(errors[2], "stdin:4: unknown command :nope (:help lists them)")
        XCTAssertEqual(errors[3], "stdin:5: missing.lua: no such rule file")
        XCTAssertTrue(errors[4].hasPrefix("stdin:6: attempt to perform arithmetic on a nil value"), errors[4])
    }

    func testUnfinishedChunkAtEndFails() throws {
        let result = try CLI.run(["repl"] + apps, stdin: "x = 1\nfor i = 1, 2 do\n  print(i)\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("stdin:2: unexpected end of input"), result.stderr)
    }

    func testLoadReloadWhyAndApps() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rule = folder.appendingPathComponent("what-if.lua")
        try """
        greeting = "hello from the rule"
        """.write(to: rule, atomically: true, encoding: .utf8)
        let input = """
            :load \(rule.path)
            greeting
            :reload
            greeting
            :why .pdb
            :apps
            :help
            :quit
            'not reached'
            """
        let result = try CLI.run(["repl"] + apps, stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = result.stdout
        XCTAssertEqual(
            out.components(separatedBy: "hello from the rule").count, 3,
            "the :load'ed file runs again after :reload\n" + out)
        XCTAssertTrue(out.contains("reloaded: 6 apps"), out)
        XCTAssertTrue(out.contains(".pdb → com.sunsetlakesoftware.molecules.pdb"), out)
        XCTAssertTrue(out.contains("com.zipwerk.unzipper"), out)
        XCTAssertTrue(out.contains(":why TARGET"), out)
        XCTAssertFalse(out.contains("not reached"), out)
    }

    func testBrokenManifestIsAnInputError() throws {
        let result = try CLI.run(["repl", "-m", "does/not/exist"], stdin: "1\n")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("does/not/exist"), result.stderr)
    }
}
