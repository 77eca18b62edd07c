import XCTest

@testable import UniformPlist

/// The reader moves every node and entry through its child stacks and into arrays, so their
/// sizes are part of its speed; these catch a stored property that quietly grows them.
final class ValueLayoutTests: XCTestCase {
    func testNodesAndEntriesStayCompact() {
        XCTAssertEqual(MemoryLayout<Mark>.size, 12)
        XCTAssertLessThanOrEqual(MemoryLayout<PlistNode>.stride, 32)
        XCTAssertLessThanOrEqual(MemoryLayout<PlistEntry>.stride, 64)
    }

    /// Offsets are kept in 32 bits: the reader refuses anything larger, whatever the limits say.
    func testOffsetsSurviveAndLargeLimitsAreCapped() {
        let mark = Mark(line: nil, column: nil, offset: Int(UInt32.max))
        XCTAssertEqual(mark.offset, Int(UInt32.max))
        XCTAssertEqual(Mark(line: 3, column: 4, offset: -1).offset, 0)
        XCTAssertEqual(PlistLimits.largestFile, Int(UInt32.max))
    }
}
