import Foundation
import XCTest

@testable import UniformPlist

/// Every real-world manifest parses, and to the same values Foundation reads from it.
final class RealWorldFoundationAgreementTests: XCTestCase {
    func testEveryRealWorldPlistMatchesFoundation() throws {
        let files = try SharedFixtures.realWorldFiles()
        XCTAssertGreaterThanOrEqual(files.count, 50)
        for file in files {
            let document: PlistDocument
            do {
                document = try PlistReader.read(contentsOf: file.path)
            } catch {
                XCTFail("\(file.lastPathComponent): \(error)")
                continue
            }
            let data = try Data(contentsOf: file)
            let theirs: Any
            if let parsed = try? FoundationComparison.foundationParse(data) {
                theirs = parsed
            } else {
                // Foundation refuses unprocessed preprocessor lines (`#ifdef`) that we skip and
                // record; compare with Foundation's reading of the file without them.
                XCTAssertFalse(
                    document.strayText.isEmpty, "\(file.lastPathComponent): Foundation fails but we saw no stray text")
                let text = String(decoding: data, as: UTF8.self)
                let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
                theirs = try FoundationComparison.foundationParse(Data(kept.joined(separator: "\n").utf8))
            }
            let differences = FoundationComparison.differences(document.root, theirs)
            XCTAssert(differences.isEmpty, "\(file.lastPathComponent): \(differences.prefix(5))")
        }
    }

    func testPreprocessorLinesAreKeptAsStrayText() throws {
        let file = try SharedFixtures.require(
            SharedFixtures.realWorldPlists.appendingPathComponent("keepassium__KeePassium__KeePassium__Info.plist"))
        let document = try PlistReader.read(contentsOf: file.path)
        let first = try XCTUnwrap(document.strayText.first)
        XCTAssertEqual(first.text, "#ifdef INTUNE")
        XCTAssertEqual(first.mark.line, 206)
        XCTAssertEqual(first.mark.column, 1)
    }

    func testFormatsAreDetectedFromContent() throws {
        let files = try SharedFixtures.realWorldFiles()
        var formats: [PlistFormat: Int] = [:]
        for file in files {
            formats[try PlistReader.read(contentsOf: file.path).format, default: 0] += 1
        }
        XCTAssertEqual(formats[.openStep], 1)
        XCTAssertEqual(formats[.xml], files.count - 1)
    }
}
