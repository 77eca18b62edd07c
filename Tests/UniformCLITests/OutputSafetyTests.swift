import Foundation
import XCTest

/// Text from manifests and file names cannot drive a terminal or a CI log: no raw control
/// characters in the text and TAP reports, and no line a GitHub runner would take for a
/// workflow command (`::error::…` planted in a document type's name or a folder name).
final class OutputSafetyTests: XCTestCase {
    func testPlantedControlCharactersAndWorkflowCommandsAreInert() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let planted = "Doc\n::error file=ci.yml::pwned\n##[error]pwned"
        let manifest = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>com.acme.app</string><key>LSRequiresIPhoneOS</key><true/>
            <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeName</key><string>\(planted)</string><key>CFBundleTypeRole</key><string>Viewer</string>
            <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
            </dict></array>
            </dict></plist>
            """
        try TestManifest.write(manifest, to: dir, "App\u{1B}[31m/Info.plist")
        for format in ["text", "tap", "github"] {
            let run = try CLI.run(["check", "--format", format], in: dir)
            XCTAssertTrue(run.stdout.contains("pwned"), "\(format): the finding is reported: \(run.stdout)")
            XCTAssertFalse(run.stdout.unicodeScalars.contains { $0.value == 0x1B }, "\(format): raw ESC")
            for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                XCTAssertFalse(
                    line.hasPrefix("::error file=ci.yml") || line.hasPrefix("##[error]"), "\(format): \(line)")
            }
        }
    }

    /// Invisible characters are the defect in VLC's `com.microsoft.waveform-\u{200B}audio`: the
    /// report must show them, and a bidirectional override must not reorder the line.
    func testInvisibleFormatCharactersAreShown() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app(
                "com.acme.app", claims: ["com.microsoft.waveform-\u{200B}audio", "com.acme.\u{202E}txt.exe"]), to: dir,
            "App/Info.plist")
        let run = try CLI.run(["check"], in: dir)
        XCTAssertTrue(run.stdout.contains("'com.microsoft.waveform-\\u{200B}audio'"), run.stdout)
        XCTAssertTrue(run.stdout.contains("com.acme.\\u{202E}txt.exe"), run.stdout)
        XCTAssertFalse(run.stdout.unicodeScalars.contains { $0.value == 0x200B || $0.value == 0x202E }, run.stdout)
    }

    /// A check that reports without end (a hostile rule, or one finding per copy of a manifest
    /// repeated thousands of times) is capped per run, and the rest is counted in one note.
    func testFindingsPerCheckAreCapped() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            """
            uniform.check { id = "flood", severity = "note", run = function(report)
              for i = 1, 2500 do report { message = "finding " .. i, at = uniform.apps()[1] } end
            end }
            """, to: dir, "rules/flood.lua")
        let run = try CLI.run(["check", "-r", "rules/flood.lua", "--format", "json"], in: dir)
        let findings = try XCTUnwrap(try CLI.json(run.stdout)["findings"] as? [[String: Any]])
        let flood = findings.filter { $0["rule"] as? String == "flood" }
        XCTAssertEqual(flood.count, 2_001)
        XCTAssertTrue(
            flood.contains { ($0["message"] as? String)?.contains("500 more findings of 'flood' not shown") == true },
            "\(flood.suffix(2))")
    }

    /// One check reporting the same 16 MB string 2,000 times made the host copy it each time (the
    /// process was stopped at 5.7 GB): each text is cut, the run's findings hold a few MiB of text,
    /// and one closing note counts the rest.
    func testTheTextOfFindingsIsBoundedPerRun() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            """
            uniform.check { id = "flood", severity = "note", run = function(report)
              local s = string.rep("x", 16 * 1024 * 1024)
              for i = 1, 2000 do report(s) end
            end }
            uniform.check { id = "loud", run = function() error(string.rep("z", 16 * 1024 * 1024)) end }
            """, to: dir, "rules/flood.lua")
        let start = Date()
        let run = try CLI.run(["check", "-r", "rules/flood.lua", "--format", "json"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(run.status, 1, "the cut error still fails the run: \(run.stderr)")
        XCTAssertLessThan(run.stdout.utf8.count, 6 << 20)
        let findings = try XCTUnwrap(try CLI.json(run.stdout)["findings"] as? [[String: Any]])
        let notes = findings.compactMap { $0["message"] as? String }.filter { $0.contains("not kept") }
        XCTAssertEqual(notes.count, 1, "\(notes)")
        XCTAssertTrue(notes.first?.contains("at most 4 MiB of text per run") ?? false, "\(notes)")
    }
}
