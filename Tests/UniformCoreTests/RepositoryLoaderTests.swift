import Foundation
import UniformCore
import XCTest

/// A library user goes from a folder to a world with UniformCore alone: no Lua, no
/// `.uniform.lua`, the same loader the `uniform` tool runs.
final class RepositoryLoaderTests: XCTestCase {
    func testAFolderBecomesAWorldWithoutLua() throws {
        let root = try Fixtures.shared("realworld/xcode/coteditor__CotEditor")
        let load = try RepositoryLoader.load(RepositoryOptions(directory: root))
        XCTAssertTrue(load.report.source.hasPrefix("discovered under"), load.report.source)
        XCTAssertEqual(load.report.projects.count, 1, "\(load.report.projects)")
        XCTAssertEqual(load.repositoryRoot, CanonicalPath.of(root))
        let world = load.world()
        let app = try XCTUnwrap(world.app("com.coteditor.CotEditor"))
        XCTAssertEqual(app.platform, .macos)
        XCTAssertTrue(load.report.apps.contains { $0.bundleID == "com.coteditor.CotEditor" && $0.origin != nil })
        let resolution = try Fixtures.resolve(".txt", in: world)
        XCTAssertEqual(resolution.type.identifier, "public.plain-text")
        XCTAssertTrue(resolution.handlers.contains { $0.bundleID == "com.coteditor.CotEditor" })
    }

    /// What a configuration names stays inside the repository on this route too: a path
    /// outside is a finding and is never read; the caller's own paths are read.
    func testConfiguredPathsOutsideTheRepositoryAreNotRead() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let repository = base.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.outside.app</string>\
            <key>CFBundlePackageType</key><string>APPL</string></dict></plist>
            """
        try plist.write(to: base.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        var configuration = RepositoryConfiguration(
            directory: repository.path, file: repository.appendingPathComponent("settings").path)
        configuration.manifests = ["../Info.plist"]
        configuration.declaresManifests = true
        let load = try RepositoryLoader.load(
            RepositoryOptions(directory: repository.path, configuration: configuration))
        XCTAssertTrue(load.inputs.manifests.isEmpty)
        XCTAssertTrue(load.inputs.findings.contains { $0.rule == "config.outside-repository" })

        var options = RepositoryOptions(directory: repository.path)
        options.paths = [base.appendingPathComponent("Info.plist").path]
        XCTAssertEqual(try RepositoryLoader.load(options).inputs.manifests.map(\.bundleID), ["com.outside.app"])
    }
}
