import Foundation
import XCTest

/// `uniform init` writes `.luacheckrc` (the sandbox as luacheck's std) and `.luarc.json` (LuaLS
/// pointed at the installed definitions) beside the configuration, keeps ones a team already
/// has, and `--editor-files` rewrites only those two (issue 30: lint and completion with no
/// copying from the source tree).
final class InitEditorFilesTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.temporaryDirectory()
        try InitCommandTests.plist(bundleID: "com.example.viewer", claims: [("public.plain-text", "Alternate")])
            .write(to: dir.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func text(_ name: String) throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    func testInitWritesBothAndTheLintStdIsTheShippedOne() throws {
        let run = try CLI.run(["init"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("wrote .luacheckrc\nwrote .luarc.json\n"), run.stdout)
        let written = try text(".luacheckrc")
        let shipped = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("rules/.luacheckrc"), encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("-- luacheck configuration written by `uniform init`"), written)
        // Only the header differs: the std is the text LuacheckConfigTests checks against the sandbox.
        // The section for uniform's own test framework stays in the project's copy.
        let body = { (text: String) in
            text.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("--") }
        }
        let own = try XCTUnwrap(
            shipped.range(of: "-- uniform-own-begin").flatMap { begin in
                shipped.range(of: "-- uniform-own-end\n", range: begin.upperBound..<shipped.endIndex).map {
                    begin.lowerBound..<$0.upperBound
                }
            })
        XCTAssertEqual(Array(body(written)), Array(body(shipped.replacingCharacters(in: own, with: ""))))
        XCTAssertFalse(written.contains("test-framework.lua"), written)

        let luarc = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(try text(".luarc.json").utf8)) as? [String: Any])
        XCTAssertEqual(luarc["runtime.version"] as? String, "Lua 5.4")
        let library = try XCTUnwrap(luarc["workspace.library"] as? [String])
        XCTAssertTrue(library.contains("/usr/local/share/uniform/lua"), "\(library)")
        XCTAssertTrue(library.contains("/opt/homebrew/share/uniform/lua"), "\(library)")
        // A build from source has no definitions beside it: said, not silently half-configured.
        XCTAssertTrue(run.stdout.contains("no installed API definitions found beside this uniform"), run.stdout)
    }

    /// Homebrew's layout: `bin/uniform` and `share/uniform` link into the versioned keg. The
    /// definitions are named under the prefix the binary was run from, not the keg, also when
    /// the path run holds `..` (on Linux, Foundation's standardizedFileURL then followed the
    /// links into the keg, which the next upgrade removes).
    func testTheDefinitionsAreNamedWhereTheBinaryWasRunNotInTheKeg() throws {
        let prefix = dir.appendingPathComponent("prefix"), keg = prefix.appendingPathComponent("Cellar/uniform/1.0")
        let manager = FileManager.default
        for folder in ["bin", "share/uniform/lua"] {
            try manager.createDirectory(at: keg.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for folder in ["bin", "share"] {
            try manager.createDirectory(at: prefix.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "---@meta\n".write(
            to: keg.appendingPathComponent("share/uniform/lua/uniform.d.lua"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(
            atPath: keg.appendingPathComponent("bin/uniform").path, withDestinationPath: CLI.binary.path)
        try manager.createSymbolicLink(
            atPath: prefix.appendingPathComponent("bin/uniform").path,
            withDestinationPath: "../Cellar/uniform/1.0/bin/uniform")
        try manager.createSymbolicLink(
            atPath: prefix.appendingPathComponent("share/uniform").path,
            withDestinationPath: "../Cellar/uniform/1.0/share/uniform")
        for invoked in ["prefix/bin/uniform", "prefix/bin/../bin/uniform"] {
            let run = try CLI.run(
                ["init", "--editor-files"], in: dir, executable: URL(fileURLWithPath: dir.path + "/" + invoked))
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            let luarc = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(try text(".luarc.json").utf8)) as? [String: Any])
            let library = try XCTUnwrap(luarc["workspace.library"] as? [String])
            XCTAssertEqual(
                library.filter { $0.hasSuffix("/prefix/share/uniform/lua") }.count, 1, "\(invoked): \(library)")
            XCTAssertFalse(library.contains { $0.contains("Cellar") }, "\(invoked): \(library)")
        }
    }

    func testAnExistingFileIsKeptAndEditorFilesReplacesOnlyThoseTwo() throws {
        try "-- ours\n".write(to: dir.appendingPathComponent(".luacheckrc"), atomically: true, encoding: .utf8)
        let first = try CLI.run(["init"], in: dir)
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        XCTAssertTrue(first.stdout.contains("kept .luacheckrc (uniform init --editor-files replaces it)"), first.stdout)
        XCTAssertEqual(try text(".luacheckrc"), "-- ours\n")
        let configuration = try text(".uniform.lua")

        let again = try CLI.run(["init", "--editor-files"], in: dir)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertTrue(try text(".luacheckrc").contains("stds.uniform_sandbox"))
        XCTAssertEqual(try text(".uniform.lua"), configuration, "--editor-files leaves the configuration alone")
    }

    func testTheWrittenLuacheckrcFindsASandboxEscapeInTheTeamsRules() throws {
        let luacheck = ["/usr/bin/luacheck", "/usr/local/bin/luacheck", "/opt/homebrew/bin/luacheck"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let luacheck else { throw XCTSkip("luacheck is absent (Debian lua-check; .ci/run installs it)") }
        XCTAssertEqual(try CLI.run(["init", "--editor-files"], in: dir).status, 0)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try """
        uniform.polcy("x", function() end)
        local f = io.open("x")
        print(f, uniform.resolve(".txt"))

        """.write(to: dir.appendingPathComponent("rules/team.lua"), atomically: true, encoding: .utf8)
        let run = try CLI.run(["--no-color", "rules"], in: dir, executable: URL(fileURLWithPath: luacheck))
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains("rules/team.lua:1:1: accessing undefined field 'polcy' of global 'uniform'"), run.stdout
        )
        XCTAssertTrue(run.stdout.contains("rules/team.lua:2:11: accessing undefined variable 'io'"), run.stdout)
        XCTAssertTrue(run.stdout.contains("2 warnings"), run.stdout)
    }
}
