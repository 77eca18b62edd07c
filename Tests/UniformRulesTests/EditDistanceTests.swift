import XCTest

@testable import UniformRules

/// The byte path of `EditDistance.between` against its plain specification.
final class EditDistanceTests: XCTestCase {
    /// Every pair of short strings over an alphabet with both cases, digits and punctuation:
    /// exhaustive, so no generator and nothing left to chance.
    func testTheASCIIPathAgreesWithTheReference() {
        let alphabet = ["a", "B", "_", "-", "Z"]
        var words = [""]
        for _ in 0..<3 {
            words += words.filter { $0.count == words.last!.count }.flatMap { w in alphabet.map { w + $0 } }
        }
        XCTAssertEqual(words.count, 156)
        for (n, a) in words.enumerated() {
            for b in words {
                XCTAssertEqual(
                    EditDistance.between(a, b), EditDistance.reference(a, b),
                    "\(a.debugDescription) \(b.debugDescription)")
                let limit = (n + b.count) % 5
                XCTAssertEqual(
                    EditDistance.between(a, b, limit: limit), min(EditDistance.reference(a, b), limit + 1),
                    "\(a.debugDescription) \(b.debugDescription) limit \(limit)")
            }
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
