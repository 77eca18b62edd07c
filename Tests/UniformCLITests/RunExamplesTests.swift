import Foundation
import XCTest

/// `uniform rules --run-examples`: a team's own checks are held to their `examples`, each run
/// through `uniform check` in a folder of its own, as the project's suite holds its rules.
final class RunExamplesTests: XCTestCase {
    static let check = """
        uniform.check {
          id = "team.viewer-owner",
          severity = "note",
          description = "A Viewer claim with Owner rank.",
          examples = {
            triggering = { [[<key>CFBundleIdentifier</key><string>com.acme.viewer</string>
        <key>CFBundleDocumentTypes</key><array><dict>
          <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>Owner</string>
          <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
        </dict></array>]] },
            non_triggering = { QUIET },
          },
          run = function(report)
            for _, app in ipairs(uniform.apps()) do
              for _, claim in ipairs(app.claims) do
                if claim.role == "Viewer" and claim.rank == "Owner" then report { at = claim, message = "owner viewer" } end
              end
            end
          end,
        }

        """

    func repository(quiet rank: String) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let quiet = """
            [[<key>CFBundleIdentifier</key><string>com.acme.viewer</string>
            <key>CFBundleDocumentTypes</key><array><dict>
              <key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key><string>\(rank)</string>
              <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
            </dict></array>]]
            """
        try TestManifest.write(Self.check.replacingOccurrences(of: "QUIET", with: quiet), to: dir, "rules/team.lua")
        try TestManifest.write("return { rules = { \"rules/team.lua\" } }\n", to: dir, ".uniform.lua")
        return dir
    }

    func testExamplesThatDoWhatTheySayPass() throws {
        let dir = try repository(quiet: "Alternate")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["rules", "--run-examples"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(
            run.stdout,
            """
            team.viewer-owner fires on #1: ok
            team.viewer-owner quiet on #1: ok
            2 of 2 examples do what they say

            """)
    }

    /// A "quiet" example the check reports fails the run, named.
    func testAnExampleThatDriftsFails() throws {
        let dir = try repository(quiet: "Owner")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["rules", "--run-examples"], in: dir)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("team.viewer-owner quiet on #1: FAIL  reported"), run.stdout)
        XCTAssertTrue(run.stdout.contains("1 of 2 examples do what they say"), run.stdout)
    }

    /// A built-in rule's examples run by id; nothing to run is an error, not a green run.
    func testABuiltInRuleByIdAndNothingToRun() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let builtIn = try CLI.run(["rules", "xcconfig.syntax", "--run-examples"], in: dir)
        XCTAssertEqual(builtIn.status, 0, builtIn.stdout + builtIn.stderr)
        XCTAssertTrue(builtIn.stdout.hasSuffix("2 of 2 examples do what they say\n"), builtIn.stdout)
        let nothing = try CLI.run(["rules", "--run-examples"], in: dir)
        XCTAssertEqual(nothing.status, 2, nothing.stdout + nothing.stderr)
        XCTAssertTrue(nothing.stderr.contains("no rule file of yours defines a check"), nothing.stderr)
    }
}
