import Foundation
import XCTest

/// Findings about project and settings files stay findings until a command prints them, so
/// the configuration (`disable`, `severity`, suppressions) governs what every command says on
/// standard error — not only `check` (issue 32). `resolve` printed an
/// `xcconfig.include-outside` warning that `disable` had turned off.
final class LoaderFindingsConfigurationTests: XCTestCase {
    var root: URL!
    var repository: URL { root.appendingPathComponent("repo") }

    override func setUpWithError() throws {
        root = try CLI.temporaryDirectory()
        try TestManifest.write("PRODUCT_BUNDLE_IDENTIFIER = com.outside.app\n", to: root, "shared.xcconfig")
        try TestManifest.write(
            "#include \"../shared.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.acme.app\n", to: repository,
            "App.xcconfig")
        try TestProject.write(
            TestProject.pbxproj(targets: [
                .init(name: "App", settings: [("INFOPLIST_FILE", "App/Info.plist")], xcconfig: "App.xcconfig")
            ]), to: repository)
        try TestManifest.write(
            TestManifest.app("$(PRODUCT_BUNDLE_IDENTIFIER)", claims: ["public.plain-text"]), to: repository,
            "App/Info.plist")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func configure(_ text: String) throws {
        try TestManifest.write(text, to: repository, ".uniform.lua")
    }

    func testWithoutConfigurationEveryCommandWarns() throws {
        try configure("return { project = { \"App.xcodeproj\" } }\n")
        let resolve = try CLI.run(["resolve", ".txt"], in: repository)
        XCTAssertEqual(resolve.status, 0, resolve.stderr)
        XCTAssertTrue(resolve.stderr.contains("names a file outside the repository"), resolve.stderr)
        let check = try CLI.run(["check"], in: repository)
        XCTAssertTrue(check.stdout.contains("[xcconfig.include-outside]"), check.stdout)
    }

    func testDisabledRuleIsSilentInEveryCommand() throws {
        try configure("return { project = { \"App.xcodeproj\" }, disable = { \"xcconfig.include-outside\" } }\n")
        for arguments in [
            ["resolve", ".txt"], ["type", ".txt"], ["claims", ".txt"], ["resolve", ".txt", "--verbose"],
        ] {
            let run = try CLI.run(arguments, in: repository)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("outside the repository"), "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stdout.contains("com.acme.app") || arguments[0] == "type", "\(arguments): \(run.stdout)")
        }
        let check = try CLI.run(["check"], in: repository)
        XCTAssertFalse(check.stdout.contains("xcconfig.include-outside"), check.stdout)
        XCTAssertFalse(check.stderr.contains("outside the repository"), check.stderr)
    }

    /// A severity lowered to a note moves the line to `--verbose`; a suppression silences it.
    func testSeverityAndSuppressionApplyToo() throws {
        try configure(
            "return { project = { \"App.xcodeproj\" }, severity = { [\"xcconfig.include-outside\"] = \"note\" } }\n")
        let quiet = try CLI.run(["resolve", ".txt"], in: repository)
        XCTAssertFalse(quiet.stderr.contains("outside the repository"), quiet.stderr)
        let verbose = try CLI.run(["resolve", ".txt", "--verbose"], in: repository)
        XCTAssertTrue(verbose.stderr.contains("note: #include \"../shared.xcconfig\""), verbose.stderr)

        try configure(
            """
            return { project = { "App.xcodeproj" },
              suppress = { { rule = "xcconfig.include-outside", file = "App.xcconfig", reason = "shared settings live in the parent checkout" } } }

            """)
        let suppressed = try CLI.run(["resolve", ".txt"], in: repository)
        XCTAssertFalse(suppressed.stderr.contains("outside the repository"), suppressed.stderr)
    }
}
