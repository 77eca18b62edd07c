import Foundation
import XCTest

/// Replays the committed fuzz corpora of projects, xcconfigs and archives (seeds and the inputs
/// fuzzing found interesting, crashers included once fixed) through the real harness binary:
/// every input must end cleanly.
final class FuzzCorpusTests: XCTestCase {
    func testEveryCorpusInputEndsCleanly() throws {
        let harness = CLI.binary.deletingLastPathComponent().appendingPathComponent("uniform-fuzz")
        guard FileManager.default.isExecutableFile(atPath: harness.path) else { throw XCTSkip("no uniform-fuzz beside \(CLI.binary.path)") }
        for name in ["pbxproj", "xcconfig", "zip"] {
            let corpus = CLI.packageRoot.appendingPathComponent("Tests/Fuzz/corpus/\(name)")
            let count = try FileManager.default.contentsOfDirectory(atPath: corpus.path).count
            XCTAssertGreaterThan(count, 1, name)
            let process = Process()
            process.executableURL = harness
            process.arguments = [corpus.path]
            process.environment = ["UNIFORM_FUZZ": name]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(name): \(text)")
            XCTAssertTrue(text.contains("replayed \(count) input"), "\(name): \(text)")
        }
    }
}
