import Foundation
import XCTest

/// Parsing does not depend on the stack the process was given: with `ulimit -s 512` (what GCD
/// threads get on macOS) a 500-deep plist, within PlistLimits.maxDepth, crashed the release
/// binary, directly and through a directory walk. Commands and parsing workers now run on
/// threads with their own stack size.
final class SmallStackTests: XCTestCase {
    func testDeepPlistUnderASmallStack() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let depth = 500
        let deep =
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>com.deep</string><key>X</key>"
            + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</dict></plist>"
        try TestManifest.write(deep, to: dir, "Deep.plist")
        for i in 0..<10 {
            try TestManifest.write(
                deep.replacingOccurrences(of: "com.deep", with: "com.deep\(i)"), to: dir, "Tree/A\(i)/Info.plist")
        }
        for target in ["Deep.plist", "Tree"] {
            let run = try CLI.run(
                ["-c", "ulimit -s 512 && exec \"$0\" check \"$1\"", CLI.binary.path, target], in: dir,
                executable: URL(fileURLWithPath: "/bin/sh"))
            XCTAssertEqual(run.status, 0, "\(target): \(run.stderr.prefix(400))")
            XCTAssertTrue(run.stdout.contains("0 errors"), "\(target): \(run.stdout)")
        }
    }
}
