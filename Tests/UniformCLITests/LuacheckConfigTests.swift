import Foundation
import XCTest

/// The shipped `rules/.luacheckrc` describes the sandbox exactly (issue 30): what a rule cannot
/// use at run time is a lint error, and what it can use lints clean.
final class LuacheckConfigTests: XCTestCase {
    func testWhatTheSandboxLacksIsALintError() throws {
        let luacheck = ["/usr/bin/luacheck", "/usr/local/bin/luacheck", "/opt/homebrew/bin/luacheck"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let luacheck else { throw XCTSkip("luacheck is absent (Debian lua-check; .ci/run installs it)") }
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        uniform.polcy("x")
        local f = io.open("x")
        local m = require("m")
        local d = string.dump
        print(f, m, d, os.getenv("HOME"))
        local ok = uniform.dyn.decode("dyn.ah62d4rv4ge81u8p4")
        print(ok, uniform.version, uniform.os, os.time(), utf8.char(65), ("x"):rep(2))

        """.write(to: dir.appendingPathComponent("rule.lua"), atomically: true, encoding: .utf8)
        let config = CLI.packageRoot.appendingPathComponent("rules/.luacheckrc").path
        let run = try CLI.run(
            ["--no-color", "--config", config, "rule.lua"], in: dir, executable: URL(fileURLWithPath: luacheck))
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        for expected in [
            "rule.lua:1:1: accessing undefined field 'polcy' of global 'uniform'",
            "rule.lua:2:11: accessing undefined variable 'io'",
            "rule.lua:4:11: accessing undefined field 'dump' of global 'string'",
            "rule.lua:5:16: accessing undefined field 'getenv' of global 'os'",
        ] {
            XCTAssertTrue(run.stdout.contains(expected), "\(expected)\n\(run.stdout)")
        }
        // `require` is the sandbox's (modules from lua_path): it lints clean.
        XCTAssertFalse(run.stdout.contains("'require'"), run.stdout)
        XCTAssertTrue(run.stdout.contains("4 warnings"), run.stdout)
    }
}
