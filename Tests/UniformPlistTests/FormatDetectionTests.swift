import XCTest

@testable import UniformPlist

/// The format comes from the content, never the file name.
final class FormatDetectionTests: XCTestCase {
    private func format(_ bytes: [UInt8]) -> PlistFormat {
        bytes.withUnsafeBufferPointer { PlistFormatDetector.detect($0) }
    }

    func testDetection() {
        XCTAssertEqual(format(Array("bplist00".utf8) + [0, 1]), .binary)
        XCTAssertEqual(format(Array("<?xml version=\"1.0\"?>".utf8)), .xml)
        XCTAssertEqual(format([0xEF, 0xBB, 0xBF] + Array(" \n<plist>".utf8)), .xml)
        XCTAssertEqual(format(Array("\t\n<dict/>".utf8)), .xml)
        XCTAssertEqual(format(Array("<0a0b 0c>".utf8)), .openStep)
        XCTAssertEqual(format(Array("<dead beef>".utf8)), .openStep)
        XCTAssertEqual(format(Array("<data>AA==</data>".utf8)), .xml)
        XCTAssertEqual(format(Array("{ a = b; }".utf8)), .openStep)
        XCTAssertEqual(format(Array("// comment\n( a )".utf8)), .openStep)
        XCTAssertEqual(format([0xFE, 0xFF, 0x00, 0x3C]), .xml)
        XCTAssertEqual(format([0xFF, 0xFE, 0x7B, 0x00]), .openStep)
    }

    func testAFileNamedLikeXMLIsReadByItsContent() throws {
        let document = try PlistReader.read(bytes: Array("( one, two )".utf8), file: "Info.xml.plist")
        XCTAssertEqual(document.format, .openStep)
        XCTAssertEqual(document.root.array?.count, 2)
    }
}
