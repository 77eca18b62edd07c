import Foundation
import XCTest

/// Issue 30, item 8: `require("name")` shares rules between files (and, through a git
/// submodule, between repositories). Modules come from `lua_path` inside the repository only,
/// run in the sandbox, once per Lua state; every refusal is an error at the `require` line that
/// shows nothing of the runner's disk.
final class ModuleRequireTests: XCTestCase {
    var repository: URL!
    var outside: URL!

    override func setUpWithError() throws {
        repository = try CLI.temporaryDirectory()
        outside = try CLI.temporaryDirectory()
        try git(["init", "-q"])
        try write(TestManifest.app("com.acme.notes", claims: ["public.plain-text"]), "App/Info.plist")
        try TestManifest.write("print(\"SECRET-CONTENT\")\nreturn {}\n", to: outside, "secret.lua")
        try TestManifest.write("print(\"SECRET-CONTENT\")\nreturn {}\n", to: outside, "lib/x.lua")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repository)
        try? FileManager.default.removeItem(at: outside)
    }

    func write(_ text: String, _ relative: String) throws { try TestManifest.write(text, to: repository, relative) }

    @discardableResult
    func git(_ arguments: [String]) throws -> CLI.Result {
        let result = try CLI.run(
            ["-c", "user.name=uniform", "-c", "user.email=uniform@example.com", "-c", "commit.gpgsign=false"]
                + arguments, in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
        return result
    }

    /// `.uniform.lua` running `rules/main.lua` (with `extra` keys), and that file.
    func configure(main: String, extra: String = "") throws {
        try write(
            "return {\n  manifests = { \"App\" },\n  rules = { \"rules/main.lua\" },\n\(extra)}\n", ".uniform.lua")
        try write(main, "rules/main.lua")
    }

    /// `uniform resolve .txt`: loads the rules (their `print` goes to standard output).
    func resolve(_ extra: [String] = []) throws -> CLI.Result {
        try CLI.run(["resolve", ".txt"] + extra, in: repository, timeout: 60)
    }

    func testRequireLoadsAModuleOnceAndReturnsItsValue() throws {
        try write(
            "print(\"loading naming\", ...)\nlocal M = {}\nfunction M.prefix() return \"com.acme\" end\nreturn M\n",
            "rules/team/naming.lua")
        try write("print(\"side effect only\")\n", "rules/quiet.lua")
        try configure(
            main: """
                local a = require("team.naming")
                local b = require("team.naming")
                print("same", rawequal(a, b), a.prefix(), require("quiet"), require("quiet"))
                """)
        let result = try resolve()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.components(separatedBy: "loading naming").count - 1, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("loading naming\tteam.naming"), result.stdout)
        XCTAssertEqual(result.stdout.components(separatedBy: "side effect only").count - 1, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("same\ttrue\tcom.acme\ttrue\ttrue"), result.stdout)
    }

    /// A team's shared rules in a folder of their own (a git submodule): `lua_path` names it.
    func testLuaPathNamesWhereModulesAre() throws {
        try write("return { id = \"shared\" }\n", "vendor/team-rules/apps/init.lua")
        try configure(
            main: "print(\"got\", require(\"apps\").id)\n",
            extra: "  lua_path = { \"vendor/team-rules/?/init.lua\" },\n")
        let result = try resolve()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("got\tshared"), result.stdout)
    }

    func testACycleIsAnErrorAtTheRequireLineNamingIt() throws {
        try write("return require(\"b\")\n", "rules/a.lua")
        try write("local x = 1\nreturn require(\"a\"), x\n", "rules/b.lua")
        try configure(main: "require(\"a\")\n")
        let result = try resolve()
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("rules/b.lua:2: require: cycle a -> b -> a"), result.stderr)
    }

    /// A module that fails is not taken for a cycle when it is required again.
    func testAFailedModuleCanBeRequiredAgain() throws {
        try write("error(\"broken module\")\n", "rules/broken.lua")
        try configure(
            main: """
                local ok1, e1 = pcall(require, "broken")
                local ok2, e2 = pcall(require, "broken")
                print("tries", ok1, ok2, e1 == e2, e2)
                """)
        let result = try resolve()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("tries\tfalse\tfalse\ttrue\trules/broken.lua:1: broken module"), result.stdout)
    }

    func testAMissingModuleListsThePathsTried() throws {
        try configure(
            main: "local x = 1\nrequire(\"team.nope\")\n",
            extra: "  lua_path = { \"rules/?.lua\", \"lib/?/init.lua\" },\n")
        let result = try resolve()
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.contains(
                "rules/main.lua:2: require: no module 'team.nope'; tried rules/team/nope.lua, lib/team/nope/init.lua"),
            result.stderr)
        // A name spelled close to a module that is there names it.
        try write("return {}\n", "rules/team/naming.lua")
        try configure(main: "require(\"team.namig\")\n")
        let typo = try resolve()
        XCTAssertTrue(
            typo.stderr.contains(
                "rules/main.lua:1: require: no module 'team.namig'; tried rules/team/namig.lua; did you mean 'team.naming'?"
            ),
            typo.stderr)
    }

    func testNamesAndPathsLeadingOutAreRefused() throws {
        for (name, expected) in [
            ("../secret", "rules/main.lua:2: require: '../secret' is not a module name"),
            (outside.appendingPathComponent("secret").path, "is not a module name"),
            ("a..b", "'a..b' is not a module name"),
        ] {
            try configure(main: "local x = 1\nrequire(\"\(name)\")\n")
            let result = try resolve()
            XCTAssertEqual(result.status, 2, name)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
            XCTAssertFalse((result.stdout + result.stderr).contains("SECRET-CONTENT"))
        }
        for pattern in ["../?.lua", outside.path + "/lib/?.lua", "rules/../../?.lua"] {
            try configure(main: "local x = 1\nrequire(\"x\")\n", extra: "  lua_path = { \"\(pattern)\" },\n")
            let result = try resolve()
            XCTAssertEqual(result.status, 2, pattern)
            XCTAssertTrue(
                result.stderr.contains(
                    "rules/main.lua:2: require: lua_path entry '\(pattern)' leads outside the repository"),
                result.stderr)
            XCTAssertFalse((result.stdout + result.stderr).contains("SECRET-CONTENT"))
        }
    }

    func testLinksLeadingOutAreRefusedWithoutTellingWhatIsThere() throws {
        let rules = repository.appendingPathComponent("rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: rules.appendingPathComponent("evil.lua").path,
            withDestinationPath: outside.appendingPathComponent("secret.lua").path)
        try FileManager.default.createSymbolicLink(
            atPath: rules.appendingPathComponent("gone.lua").path,
            withDestinationPath: outside.appendingPathComponent("absent.lua").path)
        try FileManager.default.createSymbolicLink(
            atPath: rules.appendingPathComponent("ext").path,
            withDestinationPath: outside.appendingPathComponent("lib").path)
        for (name, file) in [("evil", "rules/evil.lua"), ("gone", "rules/gone.lua"), ("ext.x", "rules/ext/x.lua")] {
            try configure(main: "local x = 1\nrequire(\"\(name)\")\n")
            let result = try resolve()
            XCTAssertEqual(result.status, 2, name)
            XCTAssertTrue(
                result.stderr.contains(
                    "rules/main.lua:2: require: \(file) is a link that leads outside the repository (or to nothing)"),
                result.stderr)
            XCTAssertFalse((result.stdout + result.stderr).contains("SECRET-CONTENT"))
            XCTAssertFalse((result.stdout + result.stderr).contains(outside.lastPathComponent), result.stderr)
        }
        // A link that stays inside is followed.
        try write("return \"inside\"\n", "shared/in.lua")
        try FileManager.default.createSymbolicLink(
            atPath: rules.appendingPathComponent("in.lua").path, withDestinationPath: "../shared/in.lua")
        try configure(main: "print(\"got\", require(\"in\"))\n")
        let inside = try resolve()
        XCTAssertEqual(inside.status, 0, inside.stderr)
        XCTAssertTrue(inside.stdout.contains("got\tinside"), inside.stdout)
    }

    func testTestFilesRequireModules() throws {
        try write("return { prefix = \"com.acme\" }\n", "rules/team/naming.lua")
        try configure(main: "require(\"team.naming\")\n", extra: "  tests = { \"tests\" },\n")
        try write(
            """
            local naming = require("team.naming")
            describe("modules", function()
              it("are shared with the rules", function()
                assert.equal("com.acme", naming.prefix)
                assert.equal(naming, require("team.naming"))
              end)
            end)
            """, "tests/naming_test.lua")
        let result = try CLI.run(["test"], in: repository, timeout: 60)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("1 passed"), result.stdout)
    }

    /// With `--policy-from`, modules come from the revision, as the rule files do: the pull
    /// request's edit to a module does not change the trusted policy.
    func testPolicyFromReadsModulesFromTheRevision() throws {
        try write("return \"trusted\"\n", "rules/which.lua")
        try configure(main: "print(\"module\", require(\"which\"))\n")
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "base"])
        try write("return \"pull request\"\n", "rules/which.lua")
        try write("return \"new\"\n", "rules/added.lua")
        let own = try resolve()
        XCTAssertTrue(own.stdout.contains("module\tpull request"), own.stdout)
        let trusted = try resolve(["--policy-from", "HEAD"])
        XCTAssertEqual(trusted.status, 0, trusted.stderr)
        XCTAssertTrue(trusted.stdout.contains("module\ttrusted"), trusted.stdout)
        // A module only the work tree has (never committed) is not in the revision.
        try write("print(\"module\", require(\"added\"))\n", "rules/main.lua")
        try git(["commit", "-q", "-am", "main requires added"])
        let missing = try resolve(["--policy-from", "HEAD"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(
            missing.stderr.contains("rules/main.lua:1: require: no module 'added' in HEAD; tried rules/added.lua"),
            missing.stderr)
    }
}
