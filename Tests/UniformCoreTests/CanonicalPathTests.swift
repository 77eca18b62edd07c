import Foundation
import UniformCore
import XCTest

/// Paths resolved as the kernel resolves them, on both systems: links followed, `..` after a
/// link taken from its target, the last component of a reported file kept as named.
final class CanonicalPathTests: XCTestCase {
    var root: String!

    override func setUpWithError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("canonical-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("repo/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("outside/deep"), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir.appendingPathComponent("outside/secret").path, contents: Data())
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("repo/filelink").path, withDestinationPath: "../outside/secret")
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("repo/dirlink").path, withDestinationPath: "../outside/deep")
        root = CanonicalPath.of(dir.path)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    func testAReportedFileKeepsItsNameHoweverItIsSpelt() {
        let named = root + "/repo/filelink"
        XCTAssertEqual(CanonicalPath.ofParent(root + "/repo/filelink"), named)
        XCTAssertEqual(CanonicalPath.ofParent(root + "/repo/sub/../filelink"), named, "a .. on the way changes nothing")
        XCTAssertEqual(CanonicalPath.ofParent("repo/./filelink", relativeTo: root), named)
        XCTAssertEqual(
            CanonicalPath.of(root + "/repo/filelink"), root + "/outside/secret", "of() follows the last link")
    }

    func testDotDotAfterALinkIsTheTargetsParent() {
        // repo/dirlink → outside/deep, so dirlink/.. is outside, as the kernel has it.
        XCTAssertEqual(CanonicalPath.of(root + "/repo/dirlink/../new"), root + "/outside/new")
        XCTAssertEqual(CanonicalPath.of(root + "/repo/dirlink/.."), root + "/outside")
    }

    func testMissingComponentsAreAppendedAsWritten() {
        XCTAssertEqual(CanonicalPath.of(root + "/repo/missing/a.plist"), root + "/repo/missing/a.plist")
        XCTAssertEqual(CanonicalPath.of("repo/missing/../b", relativeTo: root), root + "/repo/b")
        XCTAssertEqual(CanonicalPath.of("/"), "/")
        XCTAssertEqual(CanonicalPath.ofParent("/x"), "/x")
        XCTAssertEqual(CanonicalPath.ofParent(root + "/repo/sub/"), root + "/repo/sub")
    }

    /// Messages name paths as `CanonicalPath` resolves them: a link found through `..` keeps its
    /// name, and `..` after a folder link is the target's parent. Foundation's
    /// `standardizedFileURL` named the link's target on Linux and took `..` lexically on macOS.
    func testDisplayPathsGoWhereTheKernelGoes() {
        XCTAssertEqual(DisplayPath.of(root + "/repo/sub/../filelink", relativeTo: root + "/repo"), "filelink")
        XCTAssertEqual(DisplayPath.of("sub/../filelink", relativeTo: root + "/repo"), "filelink")
        XCTAssertEqual(DisplayPath.of(root + "/repo/dirlink/../new.plist", relativeTo: root + "/outside"), "new.plist")
        XCTAssertEqual(DisplayPath.of(root + "/outside", relativeTo: root + "/repo/dirlink/.."), ".")
        XCTAssertEqual(DisplayPath.resolve("sub/../filelink", in: root + "/repo"), root + "/repo/filelink")
        XCTAssertEqual(DisplayPath.resolve("dirlink/../new.plist", in: root + "/repo"), root + "/outside/new.plist")
        XCTAssertEqual(
            DisplayPath.local("dirlink/../new.plist", directory: root + "/repo"), root + "/outside/new.plist")
    }
}
