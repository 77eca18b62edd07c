import Foundation
import XCTest

/// Same input, same bytes: each real repository checked under two seeds that shuffle the
/// order folders are listed in (`UNIFORM_SHUFFLE_SEED`), in two processes (so Swift's hashing
/// and Lua's string seeds differ too), gives byte-identical reports, `--verbose` included.
final class DeterminismTests: XCTestCase {
    func testEveryRealRepositoryGivesTheSameBytesInAnyListingOrder() throws {
        let root = URL(fileURLWithPath: try CLI.shared("realworld/xcode"))
        let repositories = try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
            $0.contains("__")
        }.sorted()
        XCTAssertGreaterThanOrEqual(repositories.count, 8)
        for name in repositories {
            let directory = root.appendingPathComponent(name)
            var outputs: [String] = []
            for seed in ["1", "982451653"] {
                let run = try CLI.run(
                    ["check", "--format", "json", "--verbose"], in: directory,
                    environment: ["UNIFORM_SHUFFLE_SEED": seed], timeout: 120)
                XCTAssertNotEqual(run.status, 2, "\(name): \(run.stderr)")
                outputs.append(run.stdout + "\n--- stderr ---\n" + run.stderr)
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(name) differs between listing orders")
        }
    }
}
