import Foundation
import XCTest

/// Issue 30 in the REPL, through the real binary: with a Mac app and iOS apps, `:why` answers
/// per platform as `uniform resolve` does, takes `--platform` and `--no-policies` as options,
/// `:platform` chooses one for the session, and `local` survives its line.
final class ReplPlatformTests: XCTestCase {
    let folder = CLI.packageRoot.appendingPathComponent("Tests/UniformCLITests/TwoPlatforms")

    func repl(_ input: String) throws -> CLI.Result {
        try CLI.run(["repl", "."], in: folder, stdin: input)
    }

    func testWhyAnswersPerPlatformAsResolveDoes() throws {
        let result = try repl(":why Subscriptions.opml\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        let resolve = try CLI.run(["resolve", "Subscriptions.opml", "--explain"], in: folder)
        XCTAssertEqual(resolve.status, 0, resolve.stderr)
        XCTAssertEqual(result.stdout, resolve.stdout)
        XCTAssertTrue(result.stdout.contains("on iOS"), result.stdout)
        XCTAssertTrue(result.stdout.contains("on macOS"), result.stdout)
        // The macOS answer ranks Mac apps only: the `pairs` pin finds no iOS app there.
        let mac = try XCTUnwrap(result.stdout.components(separatedBy: "on macOS").last)
        XCTAssertTrue(mac.contains("default: com.ranchero.NetNewsWire-Evergreen"), mac)
        XCTAssertFalse(mac.contains("NetNewsWire-iOS"), mac)
    }

    func testWhyTakesPlatformAndNoPoliciesAsOptions() throws {
        let result = try repl(
            """
            :why .opml --platform macos
            :why .opml --platform=ios --no-policies
            :why .opml --platfrom macos
            """)
        XCTAssertEqual(result.status, 1, result.stdout)
        let answers = result.stdout.components(separatedBy: ".opml → ")
        XCTAssertEqual(answers.count, 3, result.stdout)
        XCTAssertTrue(answers[1].contains("default: com.ranchero.NetNewsWire-Evergreen"), answers[1])
        XCTAssertFalse(answers[1].contains("on macOS"), "one platform, no headings: \(answers[1])")
        XCTAssertTrue(answers[2].contains("default: com.ranchero.NetNewsWire-iOS"), answers[2])
        XCTAssertFalse(answers[2].contains("mobile first"), "without policies: \(answers[2])")
        XCTAssertEqual(
            result.stderr,
            "stdin:3: :why: unknown option --platfrom (did you mean --platform?); it takes [--platform macos|ios] [--no-policies]\n"
        )
    }

    func testPlatformSetsTheSessionsWorld() throws {
        let result = try repl(
            """
            :platform
            uniform.resolve(".opml").default
            :platform macos
            :platform
            uniform.resolve(".opml").default
            #uniform.apps()
            :apps
            :why .opml
            :platform all
            :platform macOS
            :platform mac
            """)
        XCTAssertEqual(result.status, 1, result.stdout)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("platform: none; answers are per platform (ios, macos)"), lines[0])
        XCTAssertEqual(lines[1], "platform: macos")
        XCTAssertEqual(lines[2], "platform: macos (:platform all answers per platform again)")
        XCTAssertEqual(lines[3], "com.ranchero.NetNewsWire-Evergreen")
        XCTAssertEqual(lines[4], "2")
        XCTAssertTrue(lines[5].contains("com.ranchero.NetNewsWire-Evergreen"), lines[5])
        XCTAssertTrue(lines[6].contains("com.vienna-rss.Vienna"), lines[6])
        XCTAssertFalse(result.stdout.contains("com.example.feeds "), "no iOS app on macOS: \(result.stdout)")
        XCTAssertFalse(result.stdout.contains("on iOS"), result.stdout)
        XCTAssertTrue(lines.contains("platform: none; answers are per platform"), result.stdout)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(errors.count, 2, result.stderr)
        XCTAssertTrue(
            errors[0].hasPrefix(
                #"stdin:2: uniform.resolve: the world has apps of iOS and macOS, each its own world; say which: uniform.resolve(".opml", { platform = "ios" })"#
            ), errors[0])
        XCTAssertEqual(errors[1], "stdin:11: :platform: unknown platform 'mac' (did you mean macos?); say macos or ios")
    }

    func testLocalsLiveForTheSession() throws {
        let result = try repl(
            """
            local r = uniform.resolve(".opml", { platform = "ios" })
            local n <const> = #r.handlers
            local function twice(x) return 2 * x end
            twice(n)
            r.query.platform
            """)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "4\nios\n")
    }
}
