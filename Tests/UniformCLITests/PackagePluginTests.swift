import Foundation
import XCTest

/// A package that depends on uniform gets `swift package uniform …` (issue 21): SwiftPM lists the
/// command plugin there, under its verb. Running it builds the tool in that package (minutes in a
/// debug build), so the suite stops at the listing; the run itself is described in README.md.
final class PackagePluginTests: XCTestCase {
    func testADependingPackageListsTheUniformCommand() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("Sources/MyKit"), withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "MyKit",
            dependencies: [.package(path: "\(CLI.packageRoot.path)")],
            targets: [.target(name: "MyKit")]
        )
        """.write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public let answer = 42\n".write(
            to: dir.appendingPathComponent("Sources/MyKit/MyKit.swift"), atomically: true, encoding: .utf8)

        let run = try CLI.run(
            ["swift", "package", "plugin", "--list"], in: dir, executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.contains("‘uniform’ (plugin ‘UniformPlugin’ in package ‘uniform’)"), run.stdout + run.stderr)
    }
}
