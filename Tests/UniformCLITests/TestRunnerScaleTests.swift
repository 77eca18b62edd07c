import Foundation
import XCTest

/// The policy test runner at scale (issue 30, item 7): `fixture.remove_apps`, what passing
/// tests print under `--verbose`, and checks run once per state of a test's world.
final class TestRunnerScaleTests: XCTestCase {
    /// Two apps claiming plain text, a check that prints each time it runs and reports every
    /// app, and `test` as tests/s_test.lua.
    private func suite(_ test: String) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try TestManifest.write(
            TestManifest.app("com.acme.Viewer", claims: ["public.plain-text"]), to: dir, "Viewer/Info.plist")
        try TestManifest.write(
            TestManifest.app("com.acme.editor", claims: ["public.plain-text"], rank: "Alternate"), to: dir,
            "Editor/Info.plist")
        try TestManifest.write(
            """
            uniform.check {
              id = "acme.seen",
              severity = "note",
              description = "Every app, so tests can count the runs.",
              run = function(report)
                print("checks ran")
                for _, app in ipairs(uniform.apps()) do
                  report { at = app, subject = app.id, message = "seen " .. app.id }
                end
              end,
            }
            """, to: dir, "rules/seen.lua")
        try TestManifest.write(
            """
            return { manifests = { "Viewer", "Editor" }, rules = { "rules/seen.lua" }, tests = { "tests" },
                     standard_rules = false }
            """, to: dir, ".uniform.lua")
        try TestManifest.write(test, to: dir, "tests/s_test.lua")
        return dir
    }

    func testRemoveAppsTakesAppsOutOfThatTestsWorldInAnyCase() throws {
        let dir = try suite(
            """
            describe("remove_apps", function()
              it("takes the viewer out", function()
                fixture.remove_apps("COM.ACME.VIEWER")
                assert.handlers(".txt", { "com.acme.editor" })
                assert.is_nil(uniform.app("com.acme.Viewer"))
              end)
              it("leaves the next test's world whole", function()
                assert.handlers(".txt", { "com.acme.Viewer", "com.acme.editor" })
              end)
              it("names the nearest app for an id the world lacks", function()
                fixture.remove_apps("com.acme.editor", "com.acme.viewr")
              end)
            end)

            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["test"], in: dir)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("..E\n"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains(
                "tests/s_test.lua:11: fixture.remove_apps: no app \"com.acme.viewr\" in the world (did you mean \"com.acme.Viewer\"?)"
            ), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("2 passed, 1 failed\n"), run.stdout)
    }

    func testVerboseShowsWhatPassingTestsPrinted() throws {
        let dir = try suite(
            """
            describe("printing", function()
              it("passes and prints", function()
                print("looked at", #uniform.apps(), "apps")
                assert.is_true(true)
              end)
              it("passes quietly", function() end)
            end)

            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let quiet = try CLI.run(["test"], in: dir)
        XCTAssertEqual(quiet.status, 0, quiet.stdout + quiet.stderr)
        XCTAssertFalse(quiet.stdout.contains("looked at"), quiet.stdout)
        let verbose = try CLI.run(["test", "--verbose"], in: dir)
        XCTAssertEqual(verbose.status, 0, verbose.stdout + verbose.stderr)
        XCTAssertTrue(
            verbose.stdout.contains(
                "Output of passing tests:\n\ntests/s_test.lua:2: printing › passes and prints\n    looked at\t2\tapps\n"
            ),
            verbose.stdout)
        XCTAssertFalse(verbose.stdout.contains("passes quietly"), "a test that printed nothing is not listed")
    }

    /// Five check-based assertions run the checks once; a fixture or a declaration changes the
    /// world and the next assertion runs them again, so it sees the change.
    func testChecksRunOncePerStateOfTheWorld() throws {
        let dir = try suite(
            """
            describe("findings", function()
              it("are kept while the world stays", function()
                assert.reports("acme.seen", { subject = "com.acme.Viewer" })
                assert.no_reports("acme.seen", { subject = "com.acme.other" })
                assert.equal(2, #fixture.findings())
                assert.reports("acme.seen", { subject = "com.acme.editor" })
                print("-- remove_apps")
                fixture.remove_apps("com.acme.editor")
                assert.no_reports("acme.seen", { subject = "com.acme.editor" })
                assert.equal(1, #fixture.findings())
                print("-- declare_app")
                uniform.declare_app { id = "com.acme.new", claims = { { types = "public.plain-text" } } }
                assert.reports("acme.seen", { subject = "com.acme.new" })
                print("-- manifests")
                fixture.manifests("../Editor")   -- the declared app stays: rules declared it
                assert.equal(2, #fixture.findings())
                assert.reports("acme.seen", { subject = "com.acme.editor" })
              end)
              it("are the test's own", function()
                assert.equal(2, #fixture.findings())
              end)
            end)

            """)
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["test", "--verbose"], in: dir)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains(
                """
                tests/s_test.lua:2: findings › are kept while the world stays
                    checks ran
                    -- remove_apps
                    checks ran
                    -- declare_app
                    checks ran
                    -- manifests
                    checks ran

                tests/s_test.lua:19: findings › are the test's own
                    checks ran

                """), run.stdout)
    }

    /// The suite `uniform-bench tests` times (CotEditor's project and MacDown's manifest, 15
    /// tests of check-based assertions) passes: the figures are of a green run.
    func testTheScaleSuitePasses() throws {
        let cotEditor = try CLI.shared("realworld/xcode/coteditor__CotEditor")
        let macDown = try CLI.shared("realworld/plists/MacDownApp__macdown__MacDown__MacDown-Info.plist")
        let run = try CLI.run(
            ["test", "Tests/UniformCLITests/ScaleSuite", "-m", cotEditor, "-m", macDown, "--format", "tap"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("1..15\n"), run.stdout)
    }
}
