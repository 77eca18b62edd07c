import Foundation
import XCTest

@testable import UniformPlist

/// The XML writer's exact output format.
final class PlistWriterTests: XCTestCase {
    private let mark = Mark.text(line: 1, column: 1, offset: 0)

    func testAppleStyleLayout() {
        let tree = PlistNode(
            .dictionary(
                PlistDictionary(entries: [
                    PlistEntry(key: "a&b", keyMark: mark, value: PlistNode(.string("<x> & y"), mark: mark)),
                    PlistEntry(
                        key: "list", keyMark: mark,
                        value: PlistNode(
                            .array([PlistNode(.integer(-3), mark: mark), PlistNode(.boolean(true), mark: mark)]),
                            mark: mark)),
                    PlistEntry(key: "empty", keyMark: mark, value: PlistNode(.array([]), mark: mark)),
                ])), mark: mark)
        XCTAssertEqual(
            PlistWriter.xml(tree),
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a&amp;b</key>
            \t<string>&lt;x&gt; &amp; y</string>
            \t<key>list</key>
            \t<array>
            \t\t<integer>-3</integer>
            \t\t<true/>
            \t</array>
            \t<key>empty</key>
            \t<array/>
            </dict>
            </plist>

            """)
    }

    func testScalarFormats() {
        func written(_ value: PlistValue) -> String {
            PlistWriter.xml(PlistNode(value, mark: mark)).split(separator: "\n").dropFirst(3).dropLast().joined(
                separator: "\n")
        }
        XCTAssertEqual(written(.real(0.1)), "<real>0.1</real>")
        XCTAssertEqual(written(.real(.nan)), "<real>nan</real>")
        XCTAssertEqual(written(.real(-.infinity)), "<real>-inf</real>")
        XCTAssertEqual(written(.unsignedInteger(UInt64.max)), "<integer>18446744073709551615</integer>")
        XCTAssertEqual(written(.date(Date(timeIntervalSince1970: 1_704_164_645))), "<date>2024-01-02T03:04:05Z</date>")
        XCTAssertEqual(written(.date(Date(timeIntervalSince1970: -2_208_988_800))), "<date>1900-01-01T00:00:00Z</date>")
        XCTAssertEqual(written(.data([0, 1, 2, 3])), "<data>\nAAECAw==\n</data>")
        XCTAssertEqual(written(.uid(5)), "<dict>\n\t<key>CF$UID</key>\n\t<integer>5</integer>\n</dict>")
    }

    func testLongDataIsWrapped() {
        let xml = PlistWriter.xml(PlistNode(.data([UInt8](repeating: 7, count: 200)), mark: mark))
        let lines = xml.split(separator: "\n").filter {
            $0.allSatisfy { $0.isLetter || $0.isNumber || "+/=".contains($0) }
        }
        XCTAssertTrue(lines.allSatisfy { $0.count <= 68 })
        XCTAssertEqual(lines.joined().count, 268)
    }
}
