import XCTest

@testable import UniformPlist

/// Interned and well-known strings are the same text as the bytes they stand for.
final class StringInterningTests: XCTestCase {
    private func interned(_ texts: [String], padding: Int = 8) -> [String] {
        let joined = Array(texts.joined().utf8) + [UInt8](repeating: 0, count: padding)
        var interner = StringInterner(inputSize: joined.count)
        var start = 0
        return joined.withUnsafeBufferPointer { buffer in
            texts.map { text in
                defer { start += text.utf8.count }
                return interner.string(buffer.baseAddress!, from: start, count: text.utf8.count, end: buffer.count)
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
        let variants = [
            key, "XFBundleTypeExtensions", "CFBundleTypeXxtensions", "CFBundleTypeExtensionX",
            "CFBundleTypeExtension", key + "s", "LSItemContentTypes", "LSItemContentTypez",
            "a string of fifty bytes or so that no table holds!", "a string of fifty bytes or so that no table holds?",
            "a string of fifty bytes or so that no table holds!", key,
        ]
        XCTAssertEqual(interned(variants), variants)
    }

    /// Short strings are assembled in place (`SmallString`): every length, ASCII or not, next to
    /// other bytes or at the very end of the input, is the same string the standard library
    /// builds — equal, and equal in its bits, so hashing and comparison see no difference.
    func testShortStringsOfEveryLengthAreTheStandardLibrarysOwn() {
        XCTAssertTrue(SmallString.layoutMatches)
        var texts: [String] = []
        for length in 0...15 {
            let ascii = String("abcdefghijklmno".prefix(length))
            texts += [ascii, String(ascii.dropLast()) + "Z", ascii.uppercased()]
            if length >= 2 { texts.append("é" + String(ascii.dropFirst(2))) }
            if length >= 3 { texts.append(String(ascii.dropFirst(3)) + "日") }
        }
        for padding in [0, 8] {
            let built = interned(texts, padding: padding)
            XCTAssertEqual(built, texts)
            for (a, b) in zip(built, texts) {
                XCTAssertTrue(
                    unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self), "\(a)")
                XCTAssertEqual(a.hashValue, b.hashValue)
                XCTAssertEqual(a.count, b.count)
            }
        }
    }
}
