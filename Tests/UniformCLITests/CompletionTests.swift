import Foundation
import XCTest

/// Shell completion knows the reporter names, the platforms and the rule ids.
final class CompletionTests: XCTestCase {
    func testCompletionScriptsOfferFormatsPlatformsAndRuleIDs() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try CLI.run(["--generate-completion-script", shell])
            XCTAssertEqual(script.status, 0, shell)
            for word in ["sarif", "github", "cobertura:", "macos"] {
                XCTAssertTrue(script.stdout.contains(word), "\(shell) completes \(word)")
            }
            XCTAssertTrue(script.stdout.contains("---completion rules"), "\(shell) asks uniform for rule ids")
        }
        let ids = try CLI.run(["---completion", "rules", "--", "positional@0", "0", "0", ""])
        let words = ids.stdout.split(separator: "\n").map(String.init)
        for id in ["foreign-export", "misspelled-key", "manifest.too-many-entries", "config.limits-capped"] {
            XCTAssertTrue(words.contains(id), "\(id) in \(words.prefix(5))…")
        }
    }
}
