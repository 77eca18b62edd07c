import Foundation
import UniformRules
import XCTest

/// The nearest `.uniform.lua` is looked for in the parents of the folder a path is, as `..`
/// from there goes (`CanonicalPath`): macOS took `..` after a folder link lexically.
final class ConfigurationFindTests: XCTestCase {
    func testTheSearchGoesUpFromTheFolderALinkLeadsTo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("uniform-find-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in ["policies/strict", "policies/loose/sub"] {
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in [".uniform.lua", "policies/loose/.uniform.lua"] {
            try "return {}\n".write(to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("current").path, withDestinationPath: "policies/strict")
        let found = try XCTUnwrap(Configuration.find(from: dir.path + "/current/../loose/sub"))
        XCTAssertEqual(
            URL(fileURLWithPath: found).resolvingSymlinksInPath().path,
            dir.appendingPathComponent("policies/loose/.uniform.lua").resolvingSymlinksInPath().path)
    }
}
