import Foundation
import UniformCore
import UniformRules
import XCTest

/// Keeps the "Test assertions" section of `rules/API.md` honest: every block starting
/// `-- spec: FOLDER` runs as a spec file against that example's manifests (and the standard
/// rules) with no failure, and every assertion the framework defines is named in the section.
final class TestAssertionReferenceTests: XCTestCase {
    func testSpecExamplesPass() throws {
        let markdown = try String(contentsOfFile: APIReferenceTests.apiPath, encoding: .utf8)
        let specs = APIReferenceTests.blocks(in: markdown).filter {
            $0.source.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("-- spec:")
        }
        XCTAssertGreaterThanOrEqual(specs.count, 1)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "uniform-api-specs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for block in specs {
            let folder = String(block.source.split(separator: "\n").first!.dropFirst("-- spec:".count))
                .trimmingCharacters(in: .whitespaces)
            let loaded = ManifestLoader().load([APIReferenceTests.manifestPath(folder)])
            let file = directory.appendingPathComponent("api_\(block.line)_spec.lua")
            // Blank lines in front, so failures name API.md's lines.
            try (String(repeating: "\n", count: block.line - 1) + block.source).write(
                to: file, atomically: true, encoding: .utf8)
            let run = TestRunner(inputs: WorldInputs(manifests: loaded.manifests)).run([file.path])
            XCTAssertGreaterThan(run.counts.passed, 0, "rules/API.md:\(block.line): no test ran")
            for result in run.results where result.status != .passed {
                XCTFail(
                    "rules/API.md:\(result.location?.line ?? block.line): \(result.displayName): \(result.message ?? "\(result.status)")"
                )
            }
        }
    }

    func testEveryAssertionIsNamedInTheSection() throws {
        let markdown = try String(contentsOfFile: APIReferenceTests.apiPath, encoding: .utf8)
        guard let start = markdown.range(of: "## Test assertions"),
            let end = markdown.range(of: "## Configuration", range: start.upperBound..<markdown.endIndex)
        else {
            return XCTFail("rules/API.md has no Test assertions section")
        }
        let section = String(markdown[start.upperBound..<end.lowerBound])
        let framework = try String(
            contentsOf: APIReferenceTests.packageRoot.appendingPathComponent(
                "Sources/UniformRules/Testing/test-framework.lua"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"function A\.(\w+)\("#)
        let names = pattern.matches(in: framework, range: NSRange(framework.startIndex..., in: framework)).compactMap {
            Range($0.range(at: 1), in: framework).map { String(framework[$0]) }
        }
        XCTAssertGreaterThan(names.count, 20)
        for name in names {
            XCTAssertTrue(
                section.contains("assert.\(name)"),
                "rules/API.md's Test assertions section does not name assert.\(name)")
        }
    }
}
