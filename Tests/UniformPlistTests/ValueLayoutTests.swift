import XCTest

@testable import UniformPlist

/// Positions in 32 bits. (Node and entry sizes are part of the reader's speed, which
/// `uniform-bench plist` measures; no test pins a memory layout.)
final class ValueLayoutTests: XCTestCase {
    /// Offsets are kept in 32 bits: the reader refuses anything larger, whatever the limits say.
    func testOffsetsSurviveAndLargeLimitsAreCapped() {
        let mark = Mark(line: nil, column: nil, offset: Int(UInt32.max))
        XCTAssertEqual(mark.offset, Int(UInt32.max))
        XCTAssertEqual(Mark(line: 3, column: 4, offset: -1).offset, 0)
        XCTAssertEqual(PlistLimits.largestFile, Int(UInt32.max))
    }
}
