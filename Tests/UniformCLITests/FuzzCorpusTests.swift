import Foundation
import XCTest

/// Replays the committed fuzz corpora of projects, xcconfigs and archives (seeds and the inputs
/// fuzzing found interesting, crashers included once fixed) through the real harness binary:
/// every input must end cleanly.
final class FuzzCorpusTests: XCTestCase {
    func testEveryCorpusInputEndsCleanly() throws {
        let harness = CLI.binary.deletingLastPathComponent().appendingPathComponent("uniform-fuzz")
        guard FileManager.default.isExecutableFile(atPath: harness.path) else {
            throw XCTSkip("no uniform-fuzz beside \(CLI.binary.path)")
        }
        for name in ["pbxproj", "xcconfig", "zip"] {
            let corpus = CLI.packageRoot.appendingPathComponent("Tests/Fuzz/corpus/\(name)")
            let count = try FileManager.default.contentsOfDirectory(atPath: corpus.path).count
            XCTAssertGreaterThan(count, 1, name)
            let run = try CLI.run([corpus.path], environment: ["UNIFORM_FUZZ": name], executable: harness)
            let text = run.stdout + run.stderr
            XCTAssertEqual(run.status, 0, "\(name): \(text)")
            XCTAssertTrue(text.contains("replayed \(count) input"), "\(name): \(text)")
        }
    }
}
