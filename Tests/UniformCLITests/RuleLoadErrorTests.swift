import Foundation
import XCTest

/// A rule file that fails to load says so once, then where: Lua's traceback begins with the
/// message, which was printed twice.
final class RuleLoadErrorTests: XCTestCase {
    func testTheMessageIsPrintedOnceWithItsTraceback() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            "uniform.check { id = \"team.x\", relatd = {}, run = function() end }\n", to: dir, "team.lua")
        let run = try CLI.run(["check", "-r", "team.lua"], in: dir)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr.components(separatedBy: "unknown field 'relatd'").count - 1, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("did you mean 'related'?"), run.stderr)
        XCTAssertTrue(
            run.stderr.contains("stack traceback:\n\t[C]: in field 'check'\n\tteam.lua:1: in main chunk"), run.stderr)
    }
}
