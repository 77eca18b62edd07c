@testable import UniformRules
import XCTest

/// The byte path of `EditDistance.between` against its plain specification.
final class EditDistanceTests: XCTestCase {
    func testTheASCIIPathAgreesWithTheReference() {
        var generator = SplitMix64(seed: 0x5EED_2026)
        let alphabet = Array("abcAB_-Z0 ~[")
        for _ in 0..<3_000 {
            let a = String((0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let b = String((0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            XCTAssertEqual(EditDistance.between(a, b), EditDistance.reference(a, b), "\(a.debugDescription) \(b.debugDescription)")
            let limit = Int(generator.next() % 5)
            XCTAssertEqual(EditDistance.between(a, b, limit: limit), min(EditDistance.reference(a, b), limit + 1), "\(a.debugDescription) \(b.debugDescription) limit \(limit)")
        }
    }

    func testKnownDistances() {
        XCTAssertEqual(EditDistance.between("NSMainStoryboardFile", "UIMainStoryboardFile"), 2)
        XCTAssertEqual(EditDistance.between("CFBundleTypeExtension", "CFBundleTypeExtensions"), 1)
        XCTAssertEqual(EditDistance.between("lstypeispackage", "LSTypeIsPackage"), 0)
        XCTAssertEqual(EditDistance.between("", "abc"), 3)
        XCTAssertEqual(EditDistance.between("ÉTAT", "état"), 0)
        XCTAssertEqual(EditDistance.between("café", "cafe"), EditDistance.reference("café", "cafe"))
    }
}

/// A seeded generator, so a failure reproduces.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
