import Foundation
import XCTest

/// Locates the shared test data (`../shared` beside the package root) without copying it.
enum SharedFixtures {
    /// Package root = three levels above this file (Tests/UniformPlistTests/Support/...).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let shared: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    static var realWorldPlists: URL { shared.appendingPathComponent("realworld/plists") }
    static var coreTypesBinary: URL {
        shared.appendingPathComponent("reference/coretypes/CoreTypes-macOS12.7.6-Info.plist.bin")
    }
    static var coreTypesJSON: URL {
        shared.appendingPathComponent("reference/coretypes/coretypes-macos12-normalized.json")
    }

    /// All real-world plists, sorted; skips the test when the shared data is absent.
    static func realWorldFiles() throws -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: realWorldPlists.path), !names.isEmpty
        else {
            throw XCTSkip("shared real-world plists not found at \(realWorldPlists.path)")
        }
        return names.sorted().map { realWorldPlists.appendingPathComponent($0) }
    }

    static func require(_ url: URL) throws -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("shared test data not found at \(url.path)")
        }
        return url
    }
}
