import Foundation
import XCTest

@testable import UniformPlist

/// Positions in text plists against a naive count of newlines, and reads that must stay inside
/// the bytes they are given (the fast paths read eight or more bytes at a time).
final class TextPositionTests: XCTestCase {
    /// `line:column` of `offset` by counting newlines one byte at a time.
    private func naiveMark(_ bytes: [UInt8], _ offset: Int) -> String {
        var line = 1, lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return "\(line):\(offset - lineStart + 1)"
    }

    private func assertMarks(_ node: PlistNode, in bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(node.mark.description, naiveMark(bytes, node.mark.offset), file: file, line: line)
        switch node.value {
        case .dictionary(let dictionary):
            for entry in dictionary.entries {
                XCTAssertEqual(
                    entry.keyMark.description, naiveMark(bytes, entry.keyMark.offset), file: file, line: line)
                assertMarks(entry.value, in: bytes, file: file, line: line)
            }
        case .array(let items):
            for item in items { assertMarks(item, in: bytes, file: file, line: line) }
        default:
            break
        }
    }

    /// A random XML plist whose newlines fall everywhere the reader skips over: inside strings,
    /// comments, CDATA, attributes, stray text, data and numbers, and runs of blank lines longer
    /// than 64 bytes.
    private func randomDocument(_ random: inout SeededGenerator) -> String {
        func gap() -> String {
            let pieces = [
                "", " ", "\n", "\t", "\n\n", "\r\n", String(repeating: "\n", count: 70),
                String(repeating: " ", count: 65) + "\n",
            ]
            return pieces.randomElement(using: &random)!
        }
        func text() -> String {
            let pieces = [
                "a", "line\nbreak", "é\n", "x&amp;\ny", "<![CDATA[c\nd]]>", "<!--\n-->",
                String(repeating: "long ", count: 20),
            ]
            return (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
        }
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 3 ? 3 : 6), using: &random) {
            case 0: return "<string>\(text())</string>"
            case 1: return "<integer>\(gap())42\(gap())</integer>"
            case 2:
                return [
                    "<true/>", "<data>\(gap())AAEC\(gap())AwQ=\(gap())</data>",
                    "<date>\(gap())2024-01-02T03:04:05Z</date>", "<real>1.5\(gap())</real>",
                ].randomElement(using: &random)!
            case 3:
                return "<array\n>"
                    + (0..<Int.random(in: 0...4, using: &random)).map { _ in gap() + value(depth + 1) }.joined() + gap()
                    + "</array\(gap())>"
            case 4: return "<!-- c\n -->\(gap())<string attr=\"a\nb\">\(text())</string>"
            default:
                return "<dict>"
                    + (0..<Int.random(in: 0...4, using: &random)).map { _ in
                        gap() + "<key>\(text())</key>" + gap() + value(depth + 1)
                    }.joined() + gap() + "#stray\n" + "</dict>"
            }
        }
        return "<?xml version=\"1.0\"?>\n<!DOCTYPE plist\n PUBLIC \"x\">\(gap())<plist version=\"1.0\">\(gap())"
            + value(0) + gap() + "</plist\(gap())>\(gap())<!-- after -->\n"
    }

    func testMarksOfEveryNodeAgreeWithANaiveNewlineCount() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let bytes = Array(randomDocument(&random).utf8)
            let document = try PlistReader.read(bytes: bytes, file: "random.plist")
            assertMarks(document.root, in: bytes)
            for comment in document.comments + document.strayText {
                XCTAssertEqual(comment.mark.description, naiveMark(bytes, comment.mark.offset))
            }
        }
    }

    /// The fuzz corpus holds the inputs that once broke a mark (the harness checks marks too).
    func testMarksOfTheFuzzCorpusAgreeWithANaiveNewlineCount() throws {
        let corpus = SharedFixtures.packageRoot.appendingPathComponent("Tests/Fuzz/corpus/xml")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
            guard bytes.count < 2 || !(bytes[0] == 0xFE && bytes[1] == 0xFF || bytes[0] == 0xFF && bytes[1] == 0xFE),
                let document = try? PlistReader.read(bytes: bytes, file: name)
            else { continue }
            assertMarks(document.root, in: bytes)
            for comment in document.comments + document.strayText {
                XCTAssertEqual(comment.mark.description, naiveMark(bytes, comment.mark.offset), name)
            }
        }
    }

    func testErrorsNamingAnEarlierPositionCountBackwards() throws {
        let padding = String(repeating: "\n", count: 100)
        let text = "<plist>\n  <dict>\(padding)<key>a</key>\(padding)<string>b</string>\(padding)</array>"
        let bytes = Array(text.utf8)
        let error = try XCTUnwrap(PlistTest.error(text))
        let dictOffset = bytes.firstIndex(of: UInt8(ascii: "d"))! - 1
        let closeOffset = text.utf8.count - "</array>".utf8.count
        XCTAssertEqual(error.mark?.description, naiveMark(bytes, closeOffset))
        XCTAssertTrue(error.message.contains("<dict> at \(naiveMark(bytes, dictOffset))"), error.message)
    }

    /// Valid files of every length around a word boundary, read from a slice followed by bytes
    /// that are neither ASCII nor allowed: nothing past the slice may be looked at.
    func testReadingStopsAtTheEndOfTheBytes() throws {
        for length in 60...200 {
            let body = "<plist><string>s</string></plist>"
            let text = body + String(repeating: "\n", count: length - body.utf8.count)
            let buffer =
                Array(text.utf8) + [0xFF, 0x00, 0xFE, 0x0A, 0xFF, 0x00, 0xFE, 0x0A]
                + [UInt8](repeating: 0xFF, count: 64)
            let document = try buffer.withUnsafeBufferPointer { all in
                try PlistReader.read(bytes: UnsafeBufferPointer(rebasing: all[0..<length]), file: "slice.plist")
            }
            XCTAssertEqual(document.root.string, "s")
            let error = try XCTUnwrap(PlistTest.error(Array(buffer[0..<length]) + Array("<".utf8)))
            XCTAssertEqual(error.mark?.line, length - body.utf8.count + 1, "length \(length)")
        }
    }
}
