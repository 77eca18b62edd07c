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
                XCTAssertFalse(line.hasPrefix("::error file=ci.yml") || line.hasPrefix("##[error]"), "\(format): \(line)")
            }
        }
    }
}
