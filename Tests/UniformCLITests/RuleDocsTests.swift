import Foundation
import XCTest

/// docs/rules.md is generated from the rules' descriptions, as `uniform rules ID` and SARIF's
/// help are: a description changed without the page regenerated fails here.
final class RuleDocsTests: XCTestCase {
    func testRulesPageIsGeneratedFromTheDescriptions() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let generated = try CLI.run(["rules", "--format", "markdown"], in: empty)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let page = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        XCTAssertTrue(
            page == generated.stdout,
            "docs/rules.md is stale: run `swift run uniform rules --format markdown > docs/rules.md` in an empty folder"
        )
        for id in ["xcconfig.include-outside", "manifest.invalid-value", "foreign-export", "baseline.stale"] {
            XCTAssertTrue(page.contains("\n## \(id)\n"), id)
        }
    }

    /// One rule's page, as `uniform rules ID --format markdown` prints it: its severity with
    /// the variant, and its examples as code.
    func testOneRuleAsMarkdown() throws {
        let empty = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let page = try CLI.run(["rules", "xcconfig.include-outside", "--format", "markdown"], in: empty)
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(page.stdout.contains("**Severity:** warning/note · **Defined:** built into uniform"), page.stdout)
        XCTAssertTrue(
            page.stdout.contains(
                "Findings are warnings; notes for \\#include?, which Xcode skips when the file is absent."),
            page.stdout)
        XCTAssertTrue(page.stdout.contains("**Fires on:**\n\n```\n"), page.stdout)
        XCTAssertTrue(page.stdout.contains("#include \"../../Secrets.xcconfig\""), page.stdout)
    }
}
