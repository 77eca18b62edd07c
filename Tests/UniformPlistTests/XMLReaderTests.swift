import Foundation
import XCTest

@testable import UniformPlist

/// The XML reader: every DTD element, text decoding, encodings, comments, marks.
final class XMLReaderTests: XCTestCase {
    func testAllValueTypes() throws {
        let document = try PlistTest.read(
            PlistTest.xml(
                """
                <dict>
                \t<key>s</key><string>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#x41;&#66;</string>
                \t<key>i</key><integer>-9223372036854775808</integer>
                \t<key>u</key><integer>18446744073709551615</integer>
                \t<key>h</key><integer>0x1F</integer>
                \t<key>r</key><real>2.5e3</real>
                \t<key>n</key><real>nan</real>
                \t<key>inf</key><real>-inf</real>
                \t<key>t</key><true/>
                \t<key>f</key><false></false>
                \t<key>d</key><date>2024-01-02T03:04:05Z</date>
                \t<key>b</key><data>
                \t\tAAEC
                \t\tAw==
                \t</data>
                \t<key>e</key><string/>
                \t<key>ed</key><dict/>
                \t<key>ea</key><array/>
                \t<key>c</key><string><![CDATA[<raw> & ]]>tail</string>
                </dict>
                """))
        XCTAssertEqual(document.format, .xml)
        let root = try XCTUnwrap(document.root.dictionary)
        XCTAssertEqual(root["s"]?.string, "a & b <c> \"d\" 'e' AB")
        XCTAssertEqual(root["i"]?.integer, Int64.min)
        guard case .unsignedInteger(UInt64.max)? = root["u"]?.value else {
            return XCTFail("u: \(String(describing: root["u"]))")
        }
        XCTAssertEqual(root["h"]?.integer, 31)
        guard case .real(2500)? = root["r"]?.value else { return XCTFail("r") }
        guard case .real(let n)? = root["n"]?.value, n.isNaN else { return XCTFail("n") }
        guard case .real(-Double.infinity)? = root["inf"]?.value else { return XCTFail("inf") }
        XCTAssertEqual(root["t"]?.boolean, true)
        XCTAssertEqual(root["f"]?.boolean, false)
        guard case .date(let date)? = root["d"]?.value else { return XCTFail("d") }
        XCTAssertEqual(date.timeIntervalSince1970, 1_704_164_645)
        guard case .data(let bytes)? = root["b"]?.value else { return XCTFail("b") }
        XCTAssertEqual(bytes, [0, 1, 2, 3])
        XCTAssertEqual(root["e"]?.string, "")
        XCTAssertEqual(root["ed"]?.dictionary?.count, 0)
        XCTAssertEqual(root["ea"]?.array?.count, 0)
        XCTAssertEqual(root["c"]?.string, "<raw> & tail")
    }

    func testDuplicateKeysAreKeptInOrderAndLookupIsLastWins() throws {
        let document = try PlistTest.read(
            PlistTest.xml(
                "<dict><key>a</key><string>1</string><key>b</key><string>2</string><key>a</key><string>3</string></dict>"
            ))
        let root = try XCTUnwrap(document.root.dictionary)
        XCTAssertEqual(root.keys, ["a", "b", "a"])
        XCTAssertEqual(root["a"]?.string, "3")
    }

    func testCommentsAnywhereAreCollectedWithMarks() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- before -->
            <plist version="1.0">
            <array>
            \t<!-- uniform:ignore rule-id: reason -->
            \t<string>x</string>
            </array>
            </plist>
            <!-- after the end -->
            """
        let document = try PlistTest.read(text)
        XCTAssertEqual(document.comments.map(\.text), ["before", "uniform:ignore rule-id: reason", "after the end"])
        XCTAssertEqual(document.comments[1].mark.line, 5)
        XCTAssertEqual(document.comments[1].mark.column, 2)
        XCTAssertEqual(document.comments[2].mark.line, 9)
    }

    func testMarksAreLineColumnAndByteOffset() throws {
        let text = "<plist>\n<dict>\n  <key>é</key> <string>v</string>\n</dict>\n</plist>"
        let document = try PlistTest.read(text)
        let entry = try XCTUnwrap(document.root.dictionary?.entries.first)
        XCTAssertEqual(document.root.mark, .text(line: 2, column: 1, offset: 8))
        XCTAssertEqual(entry.keyMark, .text(line: 3, column: 3, offset: 17))
        // "é" is two UTF-8 bytes, so the <string> starts at column 3 + 12 + 1 + 1.
        XCTAssertEqual(entry.value.mark.line, 3)
        XCTAssertEqual(entry.value.mark.column, 17)
    }

    func testUTF8ByteOrderMarkAndUTF16Encodings() throws {
        let text = PlistTest.xml("<array><string>héllo ✓ 😀</string></array>")
        let withBOM = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        XCTAssertEqual(try PlistReader.read(bytes: withBOM, file: "bom").root.array?.first?.string, "héllo ✓ 😀")
        let units = Array(text.utf16)
        let littleEndian: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            let document = try PlistReader.read(bytes: bytes, file: "utf16")
            XCTAssertEqual(document.format, .xml)
            XCTAssertEqual(document.root.array?.first?.string, "héllo ✓ 😀")
        }
    }

    func testDoctypeWithoutEntitiesIsAccepted() throws {
        let text = "<?xml version=\"1.0\"?><!DOCTYPE plist [ <!ELEMENT plist ANY> ]><plist><true/></plist>"
        XCTAssertEqual(try PlistTest.read(text).root.boolean, true)
    }

    func testUnknownElementNamesTheAlternatives() throws {
        let error = try XCTUnwrap(PlistTest.error(PlistTest.xml("<dict>\n<key>a</key>\n<strin>x</strin>\n</dict>")))
        XCTAssertEqual(error.mark?.line, 6)
        XCTAssertTrue(
            error.message.contains("unknown element <strin>; expected one of <string>, <dict>"), error.message)
        XCTAssertTrue(error.description.hasPrefix("bad.plist:6:1: "), error.description)
    }

    func testMismatchedCloseTagNamesBoth() throws {
        let error = try XCTUnwrap(PlistTest.error(PlistTest.xml("<array>\n  <string>x</strin>\n</array>")))
        XCTAssertTrue(error.message.contains("expected </string>"), error.message)
        XCTAssertTrue(error.message.contains("found </strin>"), error.message)
        XCTAssertEqual(error.mark?.line, 5)
        XCTAssertEqual(error.mark?.column, 12)
    }

    func testStructuralErrors() throws {
        let cases: [(String, String)] = [
            (PlistTest.xml("<dict><string>x</string></dict>"), "expected <key> or </dict>"),
            (PlistTest.xml("<dict><key>a</key></dict>"), "key 'a' has no value"),
            (PlistTest.xml("<integer>12x</integer>"), "invalid <integer>"),
            (PlistTest.xml("<integer>99999999999999999999</integer>"), "invalid <integer>"),
            (PlistTest.xml("<real>abc</real>"), "invalid <real>"),
            (PlistTest.xml("<date>yesterday</date>"), "invalid <date>"),
            (PlistTest.xml("<data>@@@@</data>"), "invalid base64"),
            (PlistTest.xml("<string>&bogus;</string>"), "unknown entity &bogus;"),
            (PlistTest.xml("<string>a</string><string>b</string>"), "expected </plist>"),
            ("<plist><array><string>x</string>", "end of file"),
            ("<plist></plist>", "empty <plist>"),
            ("<?xml version=\"1.0\"?>", "no property list"),
            ("<plist><true/></plist> trailing", "after the end of the property list"),
            ("<plist><string>a<b/></string></plist>", "text elements cannot contain other elements"),
            ("<plist><!-- never closed", "unterminated comment"),
        ]
        for (text, expected) in cases {
            guard let error = PlistTest.error(text) else { continue }
            XCTAssertTrue(error.message.contains(expected), "\(text): \(error.message)")
            XCTAssertNotNil(error.mark?.line, "\(text): \(error)")
        }
    }

    func testTopLevelValueWithoutPlistElement() throws {
        XCTAssertEqual(try PlistTest.read("<?xml version=\"1.0\"?>\n<string>bare</string>\n").root.string, "bare")
    }
}
