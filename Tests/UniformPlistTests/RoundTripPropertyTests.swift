import Foundation
import XCTest

@testable import UniformPlist

/// Random trees written by Foundation (XML and binary) and by our writer read back identical.
final class RoundTripPropertyTests: XCTestCase {
    private func assertSame(
        _ read: PlistNode, _ original: PlistNode, canonical: Bool, _ context: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let a = canonical ? PlistTest.canonical(read) : read
        let b = canonical ? PlistTest.canonical(original) : original
        if !a.isStructurallyEqual(to: b) {
            XCTFail(
                "round trip differs (\(context()))\nread:     \(a.value)\noriginal: \(b.value)", file: file, line: line)
        }
    }

    func testFoundationXMLAndBinaryOutputReadsBackIdentical() throws {
        var trees = RandomPlistTrees(generator: SeededGenerator(seed: 2024), includeNonFoundationValues: false)
        for index in 0..<300 {
            let tree = trees.node()
            let object = RandomPlistTrees.foundationObject(tree)
            for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
                let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
                let document = try PlistReader.read(bytes: [UInt8](data), file: "tree\(index)")
                XCTAssertEqual(document.format, format == .xml ? .xml : .binary)
                assertSame(document.root, tree, canonical: true, "tree \(index), \(format == .xml ? "XML" : "binary")")
            }
        }
    }

    func testOurWriterReadsBackIdenticalIncludingOrderAndDuplicates() throws {
        var trees = RandomPlistTrees(generator: SeededGenerator(seed: 7), includeNonFoundationValues: true)
        for index in 0..<300 {
            let tree = trees.node()
            let xml = PlistWriter.xml(tree)
            let document = try PlistReader.read(bytes: Array(xml.utf8), file: "ours\(index)")
            assertSame(document.root, tree, canonical: false, "tree \(index)")
        }
    }

    func testFoundationReadsOurWriterOutput() throws {
        var trees = RandomPlistTrees(generator: SeededGenerator(seed: 99), includeNonFoundationValues: false)
        trees.includeByteOrderMark = false
        for index in 0..<200 {
            let tree = trees.node()
            let data = Data(PlistWriter.xml(tree).utf8)
            let theirs = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            XCTAssertEqual(FoundationComparison.differences(tree, theirs), [], "tree \(index)")
        }
    }

    func testRealWorldFilesRoundTripThroughOurWriter() throws {
        for file in try SharedFixtures.realWorldFiles() {
            let document = try PlistReader.read(contentsOf: file.path)
            let again = try PlistReader.read(
                bytes: Array(PlistWriter.xml(document.root).utf8), file: file.lastPathComponent)
            assertSame(again.root, document.root, canonical: false, file.lastPathComponent)
        }
    }
}
