import Foundation
import XCTest

@testable import UniformPlist

/// Marks in real files agree with where a plain text search finds the same tokens.
final class RealWorldMarkTests: XCTestCase {
    /// 1-based line and byte column of the first occurrence of `needle`.
    private func locate(_ needle: String, in text: String) -> (line: Int, column: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: needle) {
                return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// Where each `<key>K</key>` first occurs: K -> (line, byte column), by a plain byte scan.
    private func firstKeyOccurrences(in bytes: [UInt8]) -> [String: (line: Int, column: Int)] {
        var result: [String: (line: Int, column: Int)] = [:]
        let open = Array("<key>".utf8), close = Array("</key>".utf8)
        var line = 1, lineStart = 0, i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            } else if bytes[i] == open[0], bytes[i...].starts(with: open) {
                var j = i + open.count
                while j < bytes.count && bytes[j] != UInt8(ascii: "<") && bytes[j] != 0x0A { j += 1 }
                if bytes[j...].starts(with: close) {
                    let key = String(decoding: bytes[(i + open.count)..<j], as: UTF8.self)
                    if result[key] == nil { result[key] = (line, i - lineStart + 1) }
                }
            }
            i += 1
        }
        return result
    }

    func testEveryTopLevelKeyMarkMatchesATextSearch() throws {
        var checked = 0
        for file in try SharedFixtures.realWorldFiles() {
            let bytes = [UInt8](try Data(contentsOf: file))
            let document = try PlistReader.read(bytes: bytes, file: file.lastPathComponent)
            guard document.format == .xml, let root = document.root.dictionary else { continue }
            let occurrences = firstKeyOccurrences(in: bytes)
            var seen = Set<String>()
            for entry in root.entries where seen.insert(entry.key).inserted && !entry.key.contains("&") {
                // The first <key>K</key> in the file might be nested deeper; only check keys
                // whose first occurrence is the top-level one.
                guard let expected = occurrences[entry.key], expected.line == entry.keyMark.line else { continue }
                XCTAssertEqual(entry.keyMark.column, expected.column, "\(file.lastPathComponent) \(entry.key)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    func testKnownKeyInMacVim() throws {
        let file = try SharedFixtures.require(
            SharedFixtures.realWorldPlists.appendingPathComponent("macvim-dev__macvim__src__MacVim__Info.plist"))
        let text = try String(contentsOf: file, encoding: .utf8)
        let expected = try XCTUnwrap(locate("<key>CFBundleDocumentTypes</key>", in: text))
        let document = try PlistReader.read(contentsOf: file.path)
        let entry = try XCTUnwrap(document.root.dictionary?.entry("CFBundleDocumentTypes"))
        XCTAssertEqual(entry.keyMark.line, expected.line)
        XCTAssertEqual(entry.keyMark.column, expected.column)
        // The value follows on the next line.
        XCTAssertEqual(entry.value.mark.line, expected.line + 1)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let valueLine = lines[expected.line]
        XCTAssertEqual(valueLine.utf8.dropFirst(entry.value.mark.column! - 1).starts(with: "<array>".utf8), true)
    }

    func testOpenStepMarksAndComments() throws {
        let file = try SharedFixtures.require(
            SharedFixtures.realWorldPlists.appendingPathComponent(
                "textmate__textmate__Applications__TextMate__resources__Info.plist"))
        let text = try String(contentsOf: file, encoding: .utf8)
        let document = try PlistReader.read(contentsOf: file.path)
        XCTAssertEqual(document.format, .openStep)
        let expected = try XCTUnwrap(locate("CFBundleSignature", in: text))
        let entry = try XCTUnwrap(document.root.dictionary?.entry("CFBundleSignature"))
        XCTAssertEqual(entry.keyMark.line, expected.line)
        XCTAssertEqual(entry.keyMark.column, expected.column)
        let comment = try XCTUnwrap(document.comments.first { $0.text.contains("register this code") })
        XCTAssertEqual(comment.mark.line, expected.line)
    }

    func testLibreOfficeCommentsInsideArraysAndAfterThePlist() throws {
        let file = try SharedFixtures.require(
            SharedFixtures.realWorldPlists.appendingPathComponent(
                "LibreOffice__core__sysui__desktop__macosx__Info.plist.in.plist"))
        let text = try String(contentsOf: file, encoding: .utf8)
        let document = try PlistReader.read(contentsOf: file.path)
        XCTAssertEqual(document.comments.count, text.components(separatedBy: "<!--").count - 1)
        let closing = try XCTUnwrap(locate("</plist>", in: text))
        XCTAssertTrue(document.comments.contains { $0.mark.line! > closing.line }, "a comment after </plist>")
    }
}
