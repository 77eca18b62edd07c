import XCTest

@testable import UniformPlist

/// `SmallString` assembles `String`'s inline form by hand (the packed form); the standard
/// library's `String(decoding:as:)` is its specification. Every length up to 15, ASCII and not,
/// in the middle of a buffer and at its very end (where the reader must not read 8 bytes and
/// takes the standard library's way), both ways must give equal strings.
final class SmallStringTests: XCTestCase {
    func testAssembledStringsEqualTheStandardLibrarysOnSeededText() {
        var state: UInt64 = 0x5A11_5791_4E // xorshift64, seeded: the same texts every run
        func random() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let alphabet: [String] = ["a", "Z", "0", " ", "-", ".", "é", "π", "日", "テ", "😀", "\u{301}"]
        for _ in 0..<4000 {
            var text = ""
            while true {
                let next = text + alphabet[Int(random() % UInt64(alphabet.count))]
                if next.utf8.count > 15 || random() % 6 == 0 { break }
                text = next
            }
            let bytes = Array(text.utf8)
            for padding in [0, 3, 16] {
                let buffer = bytes + [UInt8](repeating: 0x3C, count: padding)
                buffer.withUnsafeBufferPointer { raw in
                    let base = raw.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    let fast = SmallString.make(base, from: 0, count: bytes.count, end: buffer.count)
                    let plain = SmallString.make(
                        base, from: 0, count: bytes.count, end: buffer.count, assembling: false)
                    XCTAssertEqual(fast, text)
                    XCTAssertEqual(plain, text)
                    XCTAssertEqual(fast.utf8.count, bytes.count)
                    XCTAssertEqual(Array(fast.utf8), bytes)
                    XCTAssertEqual(fast.hashValue, text.hashValue, "hashes agree: \(text)")
                }
            }
        }
    }

    func testTheLayoutCheckHoldsHere() {
        XCTAssertTrue(SmallString.layoutMatches, "on 64-bit little-endian platforms the assembled form is used")
    }
}
