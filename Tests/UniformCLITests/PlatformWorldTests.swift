import Foundation
import XCTest

/// docs/SPEC.md §2: each platform is its own world. The case that showed the problem: an iOS app
/// declares Markdown as plain data, its Mac sibling under `public.plain-text`; asked about iOS,
/// the tool showed the Mac declaration, called the iOS one a duplicate, and a policy test that
/// assumed text conformance on iOS passed.
final class PlatformWorldTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.temporaryDirectory()
        func markdown(parents: [String]) -> String {
            """
            <key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>net.daringfireball.markdown</string>
            <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>
            <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>md</string></array></dict>
            </dict></array>
            """
        }
        try TestManifest.write(
            TestManifest.app(
                "com.acme.notes.ios", claims: ["net.daringfireball.markdown"], rank: "Owner",
                extra: markdown(parents: ["public.data"]) + "<key>LSRequiresIPhoneOS</key><true/>"),
            to: dir, "iOS/Info.plist")
        try TestManifest.write(
            TestManifest.app(
                "com.acme.notes.mac", claims: ["net.daringfireball.markdown"], rank: "Owner",
                extra: markdown(parents: ["public.plain-text"])),
            to: dir, "Mac/Info.plist")
        try TestManifest.write(
            "return { manifests = { \"iOS\", \"Mac\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// `uniform test` in the repository, which must fail (exit 1).
    func failingSuite(file: StaticString = #filePath, line: UInt = #line) throws -> CLI.Result {
        let run = try CLI.run(["test"], in: dir)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr, file: file, line: line)
        return run
    }

    func testEachPlatformHasItsOwnDeclarations() throws {
        let ios = try CLI.run(["type", ".md", "--platform", "ios"], in: dir)
        XCTAssertTrue(ios.stdout.contains("iOS/Info.plist"), ios.stdout)
        XCTAssertTrue(ios.stdout.contains("conforms to: public.data, public.item"), ios.stdout)
        let mac = try CLI.run(["type", ".md", "--platform", "macos"], in: dir)
        XCTAssertTrue(mac.stdout.contains("Mac/Info.plist"), mac.stdout)
        XCTAssertTrue(mac.stdout.contains("public.plain-text"), mac.stdout)

        let resolve = try CLI.run(["resolve", ".md"], in: dir)
        XCTAssertTrue(resolve.stdout.contains("on iOS 27:\n.md → net.daringfireball.markdown"), resolve.stdout)
        XCTAssertTrue(resolve.stdout.contains("on macOS 27:\n.md → net.daringfireball.markdown"), resolve.stdout)
        let iOSSection = resolve.stdout.components(separatedBy: "on macOS 27:")[0]
        XCTAssertTrue(
            iOSSection.contains("com.acme.notes.ios") && !iOSSection.contains("com.acme.notes.mac"), resolve.stdout)

        let claims = try CLI.run(["claims", ".md"], in: dir)
        XCTAssertTrue(claims.stdout.hasPrefix("on iOS:\n"), claims.stdout)
        XCTAssertFalse(
            claims.stdout.components(separatedBy: "on macOS:")[0].contains("com.acme.notes.mac"), claims.stdout)
        let graph = try CLI.run(["graph", ".md"], in: dir)
        XCTAssertTrue(graph.stderr.contains("drawn for iOS; --platform macos draws macOS's world"), graph.stderr)
        XCTAssertFalse(graph.stdout.contains("com.acme.notes.mac"), graph.stdout)
    }

    func testNoDuplicateAcrossPlatformsAndChecksRunInEach() throws {
        let run = try CLI.run(["check"], in: dir)
        XCTAssertFalse(run.stdout.contains("duplicate-declaration"), "two platforms, two worlds: \(run.stdout)")
        // A finding of one app is reported once, not once per world.
        let lines = run.stdout.split(separator: "\n").filter { $0.contains("[") }
        XCTAssertEqual(lines.count, Set(lines).count, run.stdout)
    }

    /// Assertions without a platform hold on every platform the apps they name exist on; a
    /// misspelled app fails instead of passing.
    func testAssertionsHoldOnEveryPlatformOfTheirApps() throws {
        try TestManifest.write(
            """
            describe("per platform", function()
              it("opens in each platform's own app", function()
                assert.opens_first(".md", "com.acme.notes.ios")
                assert.opens_first(".md", "com.acme.notes.mac")
                assert.cannot_open(".md", "com.acme.notes.mac", { platform = "ios" })
              end)
              it("is text everywhere", function()
                assert.conforms(".md", "public.text")
              end)
              it("names an app that does not exist", function()
                assert.cannot_open(".md", "com.acme.notse.ios")
              end)
            end)
            """, to: dir, "tests/platform_test.lua")
        let run = try failingSuite()
        XCTAssertTrue(run.stdout.contains("1 passed, 2 failed"), run.stdout)
        XCTAssertTrue(run.stdout.contains("on iOS: \".md\" should conform to \"public.text\""), run.stdout)
        XCTAssertTrue(run.stdout.contains("no app \"com.acme.notse.ios\" in the world (a typo?)"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains("tests/platform_test.lua:11: no app"),
            "the failure points at the test line: \(run.stdout)")
    }

    /// `diff` asks each question per platform when either side has apps of both, and reports a
    /// type that changed hands (imported → exported), which it used to miss (Whisky bcdc75c3).
    func testDiffAnswersPerPlatformAndSeesARedeclaredType() throws {
        let old = dir.appendingPathComponent("Mac/Info.plist")
        let before = try String(contentsOf: old, encoding: .utf8)
        let copy = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: dir.appendingPathComponent("iOS"), to: copy.appendingPathComponent("iOS"))
        try TestManifest.write(
            before.replacingOccurrences(of: "UTExportedTypeDeclarations", with: "UTImportedTypeDeclarations")
                .replacingOccurrences(of: "<string>public.plain-text</string>", with: "<string>public.data</string>"),
            to: copy, "Mac/Info.plist")
        let diff = try CLI.run(["diff", copy.path, dir.path], in: copy)
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertTrue(
            diff.stdout.contains("net.daringfireball.markdown (macOS): public.data → public.plain-text"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("types re-declared (1):"), diff.stdout)
        XCTAssertTrue(
            diff.stdout.contains("imported by com.acme.notes.mac → exported by com.acme.notes.mac"), diff.stdout)
        XCTAssertFalse(diff.stdout.contains("(iOS): public"), "the iOS declaration did not change: \(diff.stdout)")
    }

    func testAPolicyAssumingTextOnIOSFails() throws {
        try TestManifest.write(
            """
            describe("markdown", function()
              it("is text on macOS", function()
                assert.is_true(uniform.conforms(".md", "public.text", { platform = "macos" }))
                local t = uniform.type(".md", { platform = "macos" })
                assert.equal("net.daringfireball.markdown", t.id)
                assert.is_true(uniform.resolve(".md", { platform = "macos" }).default == "com.acme.notes.mac")
              end)
              it("is text on iOS", function()
                local r = uniform.resolve(".md", { platform = "ios" })
                assert.equal("com.acme.notes.ios", r.default)
                local text = false
                for _, s in ipairs(r.type.supertypes) do if s == "public.text" then text = true end end
                assert.is_true(text, "on iOS the type is data only")
              end)
              it("is asked without a platform", function()
                assert.equal("com.acme.notes.mac", uniform.resolve(".md").default)
              end)
            end)
            """, to: dir, "tests/markdown_test.lua")
        let run = try failingSuite()
        XCTAssertTrue(run.stdout.contains("1 passed, 2 failed"), run.stdout)
        XCTAssertTrue(run.stdout.contains("on iOS the type is data only"), run.stdout)
        // Issue 30: one merged answer is no answer; the error says how to ask.
        XCTAssertTrue(
            run.stdout.contains(
                #"tests/markdown_test.lua:16: uniform.resolve: the world has apps of iOS and macOS, each its own world; say which: uniform.resolve(".md", { platform = "ios" })"#
            ), run.stdout)
    }
}
