import Foundation
import XCTest

/// Shell completion knows the reporter names, the platforms and the rule ids.
final class CompletionTests: XCTestCase {
    func testCompletionScriptsOfferFormatsPlatformsAndRuleIDs() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try CLI.run(["--generate-completion-script", shell])
            XCTAssertEqual(script.status, 0, shell)
            for word in ["sarif", "github", "cobertura", "macos"] {
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

    /// zsh's `_describe` reads `value:description`, so a value's own colon is written `\:`
    /// there (`cobertura:` was offered as `cobertura`, which `--coverage-format` refuses); bash
    /// and fish take the value as it is.
    func testCoverageFormatValuesKeepTheirColonInEveryShell() throws {
        let zsh = try CLI.run(["--generate-completion-script", "zsh"]).stdout
        XCTAssertTrue(zsh.contains("=('lcov\\:' 'cobertura\\:')"), "zsh escapes the colon")
        for shell in ["bash", "fish"] {
            let script = try CLI.run(["--generate-completion-script", shell]).stdout
            XCTAssertTrue(script.contains("cobertura:"), shell)
            XCTAssertFalse(script.contains("cobertura\\:"), "\(shell) takes the value as it is")
        }
    }

    /// Options and arguments that take files complete file names (`-r` only `.lua` files and
    /// folders). Run through bash's own completion machinery on a scratch folder.
    func testPathOptionsCompleteFileNames() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["rules.lua", "notes.txt", "Info.plist"] {
            FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: nil)
        }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        let script = try CLI.run(["--generate-completion-script", "bash"]).stdout
        try script.write(to: dir.appendingPathComponent("uniform.bash"), atomically: true, encoding: .utf8)
        func complete(_ words: [String]) throws -> Set<String> {
            let line = (words + [""]).joined(separator: " ")
            let program = """
                source ./uniform.bash
                fn=$(complete -p uniform | sed -E 's/.*-F ([^ ]+).*/\\1/')
                COMP_WORDS=(\(words.joined(separator: " ")) ""); COMP_CWORD=\(words.count)
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                "$fn" uniform "" \(words.last!) 2>/dev/null
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let run = try CLI.run(["-c", program], in: dir, executable: URL(fileURLWithPath: "/bin/bash"))
            return Set(run.stdout.split(separator: "\n").map(String.init))
        }
        XCTAssertEqual(try complete(["uniform", "check", "-r"]), ["rules.lua", "App"])
        let manifests = try complete(["uniform", "check", "-m"])
        XCTAssertTrue(manifests.isSuperset(of: ["Info.plist", "App", "notes.txt"]), "\(manifests)")
    }
}
