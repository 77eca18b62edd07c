import Foundation
import XCTest

@testable import UniformPlist

/// Reading from strings and bytes, and comparing trees, for the reader tests.
enum PlistTest {
    static func read(
        _ text: String, file: String = "test.plist", limits: PlistLimits = PlistLimits()
    ) throws -> PlistDocument {
        try PlistReader.read(bytes: Array(text.utf8), file: file, limits: limits)
    }

    /// The error a read throws; fails the test when it succeeds or throws something else.
    static func error(
        _ bytes: [UInt8], limits: PlistLimits = PlistLimits(), file: StaticString = #filePath, line: UInt = #line
    ) -> PlistError? {
        do {
            let document = try PlistReader.read(bytes: bytes, file: "bad.plist", limits: limits)
            XCTFail("expected an error, got \(document.root.value.typeName)", file: file, line: line)
            return nil
        } catch let error as PlistError {
            return error
        } catch {
            XCTFail("expected a PlistError, got \(error)", file: file, line: line)
            return nil
        }
    }

    static func error(
        _ text: String, limits: PlistLimits = PlistLimits(), file: StaticString = #filePath, line: UInt = #line
    ) -> PlistError? {
        error(Array(text.utf8), limits: limits, file: file, line: line)
    }

    /// Wraps XML body text in the usual header.
    static func xml(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>
        """
    }

    /// The tree with dictionary entries sorted by key and duplicates collapsed (last wins), for
    /// comparing with trees that went through Foundation, whose dictionaries have no order.
    static func canonical(_ node: PlistNode) -> PlistNode {
        switch node.value {
        case .dictionary(let dictionary):
            var last: [String: PlistEntry] = [:]
            for entry in dictionary.entries { last[entry.key] = entry }
            let entries = last.keys.sorted().map { key -> PlistEntry in
                var entry = last[key]!
                entry.value = canonical(entry.value)
                return entry
            }
            return PlistNode(.dictionary(PlistDictionary(entries: entries)), mark: node.mark)
        case .array(let items):
            return PlistNode(.array(items.map(canonical)), mark: node.mark)
        default:
            return node
        }
    }
}
