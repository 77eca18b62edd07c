import Foundation
import XCTest

@testable import UniformPlist

/// Hostile and damaged input ends in a clear error with a position, quickly, without crashing.
final class HostileInputTests: XCTestCase {
    private func assertPositioned(
        _ error: PlistError?, contains expected: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error else { return }
        XCTAssertNotNil(error.mark, "no position: \(error)", file: file, line: line)
        XCTAssertTrue(error.message.contains(expected), "\(error.message)", file: file, line: line)
    }

    func testXMLNestedAHundredThousandDeep() {
        let depth = 100_000
        let text = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        let start = Date()
        let error = PlistTest.error("<plist>" + text + "</plist>")
        assertPositioned(error, contains: "PlistLimits.maxDepth")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        let dictionaries = String(repeating: "<dict><key>k</key>", count: depth)
        assertPositioned(PlistTest.error(dictionaries), contains: "PlistLimits.maxDepth")
    }

    func testOpenStepNestedAHundredThousandDeep() {
        assertPositioned(PlistTest.error(String(repeating: "(", count: 100_000)), contains: "PlistLimits.maxDepth")
        assertPositioned(PlistTest.error(String(repeating: "{a=", count: 100_000)), contains: "PlistLimits.maxDepth")
    }

    func testBinaryNestedAHundredThousandDeep() {
        // Built directly (the generic builder is slow in debug builds): object i is a one-element
        // array holding object i + 1, with 4-byte references and offsets.
        let depth = 100_000
        var file = Array("bplist00".utf8)
        file.reserveCapacity(depth * 9 + 40)
        for index in 0..<depth {
            if index == depth - 1 {
                file.append(0xA0)
            } else {
                let next = UInt32(index + 1)
                file += [
                    0xA1, UInt8(next >> 24), UInt8(next >> 16 & 0xFF), UInt8(next >> 8 & 0xFF), UInt8(next & 0xFF),
                ]
            }
        }
        let table = file.count
        for index in 0..<depth {
            let offset = UInt32(8 + index * 5)
            file += [UInt8(offset >> 24), UInt8(offset >> 16 & 0xFF), UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)]
        }
        file += [0, 0, 0, 0, 0, 0, 4, 4]
        file +=
            BinaryPlistBuilder.bigEndian(UInt64(depth), size: 8) + BinaryPlistBuilder.bigEndian(0, size: 8)
            + BinaryPlistBuilder.bigEndian(UInt64(table), size: 8)
        let start = Date()
        assertPositioned(PlistTest.error(file), contains: "PlistLimits.maxDepth")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testRealisticDepthIsAccepted() throws {
        let text = String(repeating: "<array>", count: 100) + String(repeating: "</array>", count: 100)
        XCTAssertNotNil(try PlistTest.read("<plist>" + text + "</plist>").root.array)
    }

    func testBinaryReferenceCycles() {
        var b = BinaryPlistBuilder()
        b.add(b.array([1]))
        b.add(b.array([0]))
        assertPositioned(PlistTest.error(b.build(top: 0)), contains: "reference cycle")
        var selfReferencing = BinaryPlistBuilder()
        let key = selfReferencing.add(BinaryPlistBuilder.ascii("k"))
        selfReferencing.add(selfReferencing.dictionary([(key, 1)]))
        assertPositioned(PlistTest.error(selfReferencing.build(top: 1)), contains: "reference cycle")
    }

    func testSharedObjectsExpandingExponentiallyStopAtTheObjectLimit() {
        // Each level is an array holding the level below ten times: 10^12 objects if expanded.
        var b = BinaryPlistBuilder()
        b.add(BinaryPlistBuilder.ascii("lol"))
        for level in 1...12 {
            b.add(b.array(Array(repeating: level - 1, count: 10)))
        }
        let start = Date()
        assertPositioned(
            PlistTest.error(b.build(top: 12), limits: PlistLimits(maxObjects: 100_000)),
            contains: "PlistLimits.maxObjects")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testBinaryOffsetsAndReferencesOutOfRange() {
        var b = BinaryPlistBuilder()
        b.add(BinaryPlistBuilder.ascii("x"))
        b.add(b.array([0]))
        assertPositioned(
            PlistTest.error(b.build(top: 1, offsetOverride: [0: 60_000])), contains: "outside the object area")
        // Offsets are read up front, but only an object that is used must have a valid one.
        var unused = BinaryPlistBuilder()
        unused.add(BinaryPlistBuilder.ascii("used"))
        unused.add(BinaryPlistBuilder.ascii("never referenced"))
        XCTAssertEqual(
            try PlistReader.read(bytes: unused.build(top: 0, offsetOverride: [1: 60_000]), file: "unused.plist").root
                .string, "used")
        var badReference = BinaryPlistBuilder()
        badReference.add(badReference.array([7]))
        assertPositioned(PlistTest.error(badReference.build(top: 0)), contains: "past the offset table")
        assertPositioned(PlistTest.error(b.build(top: 5)), contains: "top object")
        assertPositioned(
            PlistTest.error(b.build(top: 1, objectCountOverride: 1 << 40)), contains: "implausible object count")
    }

    func testAbsurdCountsAreRefusedBeforeAllocating() {
        var b = BinaryPlistBuilder()
        b.add([0xAF, 0x13] + BinaryPlistBuilder.bigEndian(1 << 40, size: 8))
        assertPositioned(PlistTest.error(b.build(top: 0)), contains: "count")
        var data = BinaryPlistBuilder()
        data.add([0x4F, 0x13] + BinaryPlistBuilder.bigEndian(UInt64.max, size: 8))
        assertPositioned(PlistTest.error(data.build(top: 0)), contains: "count")
        var string = BinaryPlistBuilder()
        string.add([0x6F, 0x12, 0x7F, 0xFF, 0xFF, 0xFF])
        assertPositioned(PlistTest.error(string.build(top: 0)), contains: "count")
    }

    func testBadTrailerFields() {
        var b = BinaryPlistBuilder()
        b.add([0x09])
        var file = b.build(top: 0)
        file[file.count - 26] = 9 // offset int size
        assertPositioned(PlistTest.error(file), contains: "offset size")
        file = b.build(top: 0)
        file[file.count - 25] = 0 // object ref size
        assertPositioned(PlistTest.error(file), contains: "object reference size")
        file = b.build(top: 0)
        file[file.count - 1] = 0xF0 // offset table offset
        assertPositioned(PlistTest.error(file), contains: "offset table")
    }

    func testEveryPrefixOfABinaryPlistFailsCleanly() throws {
        let value: [String: Any] = ["k": ["a", 1, true, 2.5, Data([1, 2])], "s": "é"]
        let bytes = [UInt8](try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))
        XCTAssertNotNil(try PlistReader.read(bytes: bytes, file: "whole").root.dictionary)
        for length in 0..<bytes.count {
            // Shorter than the magic, a prefix like "bplis" is a valid OpenStep bare string.
            if length < 8 {
                _ = try? PlistReader.read(bytes: Array(bytes[..<length]), file: "prefix")
                continue
            }
            XCTAssertThrowsError(try PlistReader.read(bytes: Array(bytes[..<length]), file: "prefix")) { error in
                XCTAssertTrue(error is PlistError)
            }
        }
    }

    func testEntityBombIsRefused() {
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [
              <!ENTITY lol "lol">
              <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
              <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
            ]>
            <plist><string>&lol3;</string></plist>
            """
        let error = PlistTest.error(bomb)
        assertPositioned(error, contains: "entit")
        XCTAssertEqual(error?.mark?.line, 2)
    }

    func testInvalidUTF8AndNULBytesNameThePosition() {
        let header = Array(PlistTest.xml("<string>ok</string>").utf8)
        var invalid = header
        let badOffset = header.count - 20
        invalid.insert(0xC3, at: badOffset) // a lead byte followed by ASCII
        let error = PlistTest.error(invalid)
        assertPositioned(error, contains: "UTF-8")
        XCTAssertEqual(error?.mark?.line, header[..<badOffset].filter { $0 == 0x0A }.count + 1)
        XCTAssertEqual(error?.mark?.offset, badOffset)
        var overlong = Array("<plist><string>".utf8) + [0xC0, 0xAF] + Array("</string></plist>".utf8)
        assertPositioned(PlistTest.error(overlong), contains: "UTF-8")
        overlong = Array("<plist><string>".utf8) + [0xED, 0xA0, 0x80] + Array("</string></plist>".utf8)
        assertPositioned(PlistTest.error(overlong), contains: "UTF-8")
        var withNUL = Array("<plist>\n<string>a".utf8)
        withNUL.append(0)
        withNUL += Array("</string></plist>".utf8)
        let nul = PlistTest.error(withNUL)
        assertPositioned(nul, contains: "NUL")
        XCTAssertEqual(nul?.mark?.line, 2)
        XCTAssertEqual(nul?.mark?.column, 10)
        assertPositioned(PlistTest.error([0xFF, 0xFE, 0x3C]), contains: "UTF-16")
    }

    func testEmptyAndBlankFiles() {
        let empty = PlistTest.error([UInt8]())
        XCTAssertTrue(empty?.message.contains("empty") == true, "\(String(describing: empty))")
        XCTAssertTrue(empty?.description.hasPrefix("bad.plist: ") == true)
        assertPositioned(PlistTest.error("  \n  "), contains: "only whitespace")
        XCTAssertNotNil(PlistTest.error("bplist00"))
    }

    func testTooLargeFileIsRefusedByTheByteLimit() {
        let error = PlistTest.error("<plist><string>1234567890</string></plist>", limits: PlistLimits(maxBytes: 10))
        XCTAssertTrue(error?.message.contains("PlistLimits.maxBytes") == true)
    }

    /// The size is checked before reading on every path: a sparse 7 GB Info.plist met by a
    /// directory walk was once read whole (7.4 GB, 14 s); a FIFO would block for ever.
    func testHugeSparseFilesAndFIFOsAreRefusedBeforeReading() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "uniform-sparse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sparse = dir.appendingPathComponent("Info.plist")
        XCTAssertTrue(FileManager.default.createFile(atPath: sparse.path, contents: Data("<plist>".utf8)))
        let handle = try FileHandle(forWritingTo: sparse)
        try handle.truncate(atOffset: 7 << 30)
        try handle.close()
        let start = Date()
        XCTAssertThrowsError(try PlistReader.read(contentsOf: sparse.path)) { error in
            XCTAssertTrue("\(error)".contains("more than the"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        let fifo = dir.appendingPathComponent("FIFO.plist")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertThrowsError(try PlistReader.read(contentsOf: fifo.path)) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
    }

    func testObjectLimitInTextFormats() {
        let many = "<plist><array>" + String(repeating: "<true/>", count: 200) + "</array></plist>"
        assertPositioned(
            PlistTest.error(many, limits: PlistLimits(maxObjects: 100)), contains: "PlistLimits.maxObjects")
    }

    func testRandomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let prefixes: [[UInt8]] = [
            [], Array("bplist00".utf8), Array("<plist>".utf8), Array("<?xml version=\"1.0\"?><plist><dict>".utf8),
            Array("{".utf8), Array("(".utf8),
        ]
        let alphabet = Array("<>/=;,(){}\"'a1 \n!-?[]&#x".utf8)
        var values = 0, errors = 0
        let start = Date()
        for round in 0..<3000 {
            var bytes = prefixes[round % prefixes.count]
            let length = Int.random(in: 0..<160, using: &generator)
            for _ in 0..<length {
                // Mostly structural characters, so the parsers get past their first check.
                let pick = UInt8.random(in: 0...255, using: &generator)
                bytes.append(pick < 128 ? alphabet[Int(pick) % alphabet.count] : pick)
            }
            do {
                _ = try PlistReader.read(bytes: bytes, file: "random")
                values += 1
            } catch let error as PlistError {
                errors += 1
                XCTAssertFalse(error.message.isEmpty)
            } catch {
                XCTFail("unexpected error type \(error)")
            }
        }
        XCTAssertEqual(values + errors, 3000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testRandomMutationsOfAValidBinaryPlist() throws {
        var b = BinaryPlistBuilder()
        let key = b.add(BinaryPlistBuilder.ascii("key"))
        let text = b.add(BinaryPlistBuilder.utf16("välue"))
        let number = b.add(BinaryPlistBuilder.int(7))
        let list = b.add(b.array([text, number, text]))
        let top = b.add(b.dictionary([(key, list)]))
        let original = b.build(top: top)
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 8..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                _ = try PlistReader.read(bytes: bytes, file: "mutated")
            } catch {
                XCTAssertTrue(error is PlistError)
                XCTAssertNotNil((error as? PlistError)?.mark)
            }
        }
    }
}
