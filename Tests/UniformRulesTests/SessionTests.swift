import Foundation
import UniformCore
import UniformRules
import XCTest

/// `Session.open` as a library user calls it: the run's directory is an option, not the
/// process's working directory, and the answers match what the CLI gives in that directory.
final class SessionTests: XCTestCase {
    private func repository(_ name: String) throws -> String {
        let path = SchemaValidator.packageRoot.deletingLastPathComponent().appendingPathComponent(
            "shared/realworld/xcode/\(name)"
        ).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(path) is absent: place the shared data beside the package")
        }
        return path
    }

    /// A bug this caught: discovery searched the process's directory ("."), so a library user
    /// pointing at a repository got the package's own example manifests instead.
    func testDiscoveryStartsInTheGivenDirectoryNotTheProcesses() throws {
        let root = try repository("OpenEmu__OpenEmu")
        XCTAssertNotEqual(FileManager.default.currentDirectoryPath, root)
        var options = SessionOptions(directory: root)
        options.repository.requireManifests = true
        let session = try Session.open(options, output: { _ in })
        let ids = Set(session.report.apps.map(\.bundleID))
        XCTAssertEqual(
            ids,
            [
                "org.openemu.OpenEmu", "org.openemu.broker", "org.openemu.OpenEmu.OpenEmuQLThumbnail",
                "org.openemu.OpenEmu.OpenEmuQLPreview", "org.openemu.savestategenerator", "com.openemu.OEAlertTest",
            ])
        XCTAssertTrue(
            session.report.source.hasPrefix("discovered under the current directory: 1 Xcode project"),
            session.report.source)
        XCTAssertTrue(session.engine.inputs.manifests.allSatisfy { FileManager.default.fileExists(atPath: $0.file) })
    }

    func testRelativePathsAreTakenFromTheGivenDirectory() throws {
        let root = try repository("coteditor__CotEditor")
        var options = SessionOptions(directory: root)
        options.repository.paths = ["CotEditor.xcodeproj"]
        options.repository.requireManifests = true
        let session = try Session.open(options, output: { _ in })
        XCTAssertEqual(session.report.apps.map(\.bundleID), ["com.coteditor.CotEditor"])
    }

    func testAnEmptyDirectoryIsAnErrorWhenManifestsAreRequired() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "uniform-session-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        var options = SessionOptions(directory: empty.path)
        options.repository.requireManifests = true
        XCTAssertThrowsError(try Session.open(options, output: { _ in })) { error in
            XCTAssertTrue("\(error)".contains("no manifests found under the current directory"), "\(error)")
        }
    }
}
