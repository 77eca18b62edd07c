import XCTest
@testable import UniformPlist

/// Interned and well-known strings are the same text as the bytes they stand for.
final class StringInterningTests: XCTestCase {
    private func interned(_ texts: [String]) -> [String] {
        let joined = Array(texts.joined().utf8) + [UInt8](repeating: 0, count: 8)
        var interner = StringInterner(inputSize: joined.count)
        var start = 0
        return joined.withUnsafeBufferPointer { buffer in
            texts.map { text in
                defer { start += text.utf8.count }
                return interner.string(buffer.baseAddress!, from: start, count: text.utf8.count)
            }
        }
    }

    func testEveryWellKnownStringIsFoundAndSpelledExactly() {
        let long = WellKnownStrings.all.filter { $0.utf8.count >= 16 }
        XCTAssertGreaterThan(long.count, 100)
        XCTAssertEqual(interned(long), long)
        XCTAssertEqual(Set(WellKnownStrings.all).count, WellKnownStrings.all.count, "duplicate entries")
    }

    /// Near misses: one byte changed at the start, in the middle and at the end, a prefix and
    /// the same text one byte longer.
    func testNearMissesAreNotTakenForKnownOrEarlierStrings() {
        let key = "CFBundleTypeExtensions"
        let variants = [key, "XFBundleTypeExtensions", "CFBundleTypeXxtensions", "CFBundleTypeExtensionX",
                        "CFBundleTypeExtension", key + "s", "LSItemContentTypes", "LSItemContentTypez",
                        "a string of fifty bytes or so that no table holds!", "a string of fifty bytes or so that no table holds?",
                        "a string of fifty bytes or so that no table holds!", key]
        XCTAssertEqual(interned(variants), variants)
    }
}
