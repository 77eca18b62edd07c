import Foundation
import XCTest

@testable import UniformPlist

/// Replays the committed fuzz seed corpus (and any crashers turned into regressions) through
/// the reader: each file must give a value or a `PlistError`, never crash.
final class FuzzCorpusReplayTests: XCTestCase {
    func testEveryCorpusFileReadsOrFailsCleanly() throws {
        let corpus = SharedFixtures.packageRoot.appendingPathComponent("Tests/Fuzz/corpus")
        guard let enumerator = FileManager.default.enumerator(atPath: corpus.path) else {
            throw XCTSkip("no fuzz corpus at \(corpus.path)")
        }
        var count = 0
        for case let relative as String in enumerator {
            let url = corpus.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            count += 1
            do {
                _ = try PlistReader.read(contentsOf: url.path)
            } catch {
                XCTAssertTrue(error is PlistError, "\(relative): \(error)")
            }
        }
        XCTAssertGreaterThan(count, 5)
    }
}
