import Foundation
import XCTest

@testable import UniformPlist

/// The `bplist00` reader on hand-built files (every object type) and Foundation-written ones.
final class BinaryReaderTests: XCTestCase {
    func testEveryObjectType() throws {
        var b = BinaryPlistBuilder()
        let keys = [
            "t", "f", "i1", "i2", "i4", "i8", "i16", "neg16", "f4", "f8", "date", "data", "ascii", "utf16", "uid",
            "set", "array",
        ]
        let keyIndices = keys.map { b.add(BinaryPlistBuilder.ascii($0)) }
        var values: [Int] = []
        values.append(b.add([0x09]))
        values.append(b.add([0x08]))
        values.append(b.add([0x10, 0xFF]))
        values.append(b.add([0x11, 0x01, 0x00]))
        values.append(b.add([0x12, 0x00, 0x01, 0x00, 0x00]))
        values.append(b.add(BinaryPlistBuilder.int(-5)))
        values.append(
            b.add([0x14] + BinaryPlistBuilder.bigEndian(0, size: 8) + BinaryPlistBuilder.bigEndian(UInt64.max, size: 8))
        )
        values.append(
            b.add(
                [0x14] + BinaryPlistBuilder.bigEndian(UInt64.max, size: 8)
                    + BinaryPlistBuilder.bigEndian(UInt64(bitPattern: -2), size: 8)))
        values.append(b.add([0x22] + BinaryPlistBuilder.bigEndian(UInt64(Float(1.5).bitPattern), size: 4)))
        values.append(b.add([0x23] + BinaryPlistBuilder.bigEndian(Double(-0.25).bitPattern, size: 8)))
        values.append(b.add([0x33] + BinaryPlistBuilder.bigEndian(Double(86_400).bitPattern, size: 8)))
        values.append(b.add([0x43, 1, 2, 3]))
        values.append(b.add(BinaryPlistBuilder.ascii(String(repeating: "x", count: 20))))
        values.append(b.add(BinaryPlistBuilder.utf16("é😀")))
        values.append(b.add([0x81, 0x01, 0x02]))
        let member = b.add(BinaryPlistBuilder.ascii("m"))
        values.append(b.add(b.array([member], marker: 0xC)))
        values.append(b.add(b.array([member, member])))
        let top = b.add(b.dictionary(Array(zip(keyIndices, values))))
        let file = b.build(top: top)
        let document = try PlistReader.read(bytes: file, file: "all.bplist")
        XCTAssertEqual(document.format, .binary)
        let root = try XCTUnwrap(document.root.dictionary)
        XCTAssertEqual(root.keys, keys)
        XCTAssertEqual(root["t"]?.boolean, true)
        XCTAssertEqual(root["f"]?.boolean, false)
        XCTAssertEqual(root["i1"]?.integer, 255)
        XCTAssertEqual(root["i2"]?.integer, 256)
        XCTAssertEqual(root["i4"]?.integer, 65_536)
        XCTAssertEqual(root["i8"]?.integer, -5)
        guard case .unsignedInteger(UInt64.max)? = root["i16"]?.value else { return XCTFail("i16") }
        XCTAssertEqual(root["neg16"]?.integer, -2)
        guard case .real(1.5)? = root["f4"]?.value, case .real(-0.25)? = root["f8"]?.value else {
            return XCTFail("reals")
        }
        guard case .date(let date)? = root["date"]?.value else { return XCTFail("date") }
        XCTAssertEqual(date.timeIntervalSinceReferenceDate, 86_400)
        guard case .data([1, 2, 3])? = root["data"]?.value else { return XCTFail("data") }
        XCTAssertEqual(root["ascii"]?.string, String(repeating: "x", count: 20))
        XCTAssertEqual(root["utf16"]?.string, "é😀")
        guard case .uid(0x0102)? = root["uid"]?.value else { return XCTFail("uid") }
        XCTAssertEqual(root["set"]?.array?.map(\.string), ["m"])
        XCTAssertEqual(root["array"]?.array?.count, 2)
        // Marks are the offsets of the marker bytes.
        for entry in root.entries {
            XCTAssertNil(entry.keyMark.line)
            XCTAssertEqual(file[entry.keyMark.offset] >> 4, 0x5)
        }
        XCTAssertEqual(file[root["uid"]!.mark.offset], 0x81)
        XCTAssertEqual(root["uid"]!.mark.description, "@\(root["uid"]!.mark.offset)")
    }

    func testLargeCountsAndWideReferences() throws {
        var b = BinaryPlistBuilder()
        b.refSize = 2
        let items = (0..<300).map { b.add(BinaryPlistBuilder.ascii("item\($0)")) }
        let top = b.add(b.array(items))
        let root = try PlistReader.read(bytes: b.build(top: top), file: "wide").root
        XCTAssertEqual(root.array?.count, 300)
        XCTAssertEqual(root.array?.last?.string, "item299")
    }

    func testFoundationWrittenBinaryPlist() throws {
        let value: [String: Any] = [
            "name": "Überraschung", "n": 42, "big": Int64.max, "neg": -7, "pi": 3.25, "ok": true,
            "list": ["a", "b"], "blob": Data([9, 8, 7]), "when": Date(timeIntervalSinceReferenceDate: 1000),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let document = try PlistReader.read(bytes: [UInt8](data), file: "foundation.bplist")
        XCTAssertEqual(
            FoundationComparison.differences(document.root, try FoundationComparison.foundationParse(data)), [])
        XCTAssertEqual(document.root["name"]?.string, "Überraschung")
        XCTAssertEqual(document.root["big"]?.integer, Int64.max)
    }
}
