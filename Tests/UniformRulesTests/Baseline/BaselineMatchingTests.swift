import Foundation
import UniformCore
import UniformRules
import XCTest

/// `Baseline.read` and `compare` stay linear in the entries and findings, whatever repeats.
final class BaselineMatchingTests: XCTestCase {
    func finding(_ subject: String) -> Finding {
        Finding(rule: "undeclared-type", severity: .warning, message: "m", location: nil, subject: subject)
    }

    /// 40,000 entries of one fingerprint against 40,000 findings of it: taking the first slot
    /// of an array per finding (and copying it, shared with the dictionary) was quadratic.
    func testRepeatedFingerprintsAreMatchedByCount() {
        let same = Array(repeating: finding("com.acme.same"), count: 40_000)
        let baseline = Baseline(findings: same + [finding("com.acme.fixed")], base: "/")
        let comparison = baseline.compare(same + [finding("com.acme.new"), finding("com.acme.same")], base: "/")
        XCTAssertEqual(comparison.matched, 40_000)
        XCTAssertEqual(comparison.new.map(\.subject), ["com.acme.new", "com.acme.same"])
        XCTAssertEqual(comparison.stale.map(\.subject), ["com.acme.fixed"])
    }

    func testEntriesPointAtTheirOwnLinesEscapedOrNot() throws {
        let subjects = ["com.acme.a", "com.acme.b", "com.acme.a", "com.acme.c"]
        var text = Baseline(findings: subjects.map(finding), base: "/").text
        // Hand-edited: an escape in one fingerprint, and an entry spread over lines.
        let fingerprint = FindingIdentity.fingerprint(rule: "undeclared-type", file: "", subject: "com.acme.c")
        text = text.replacingOccurrences(
            of: "{\"fingerprint\":\"\(fingerprint)\",",
            with:
                "{\n      \"fingerprint\" :\n \"\\u00\(String(fingerprint.unicodeScalars.first!.value, radix: 16))\(fingerprint.dropFirst())\","
        )
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("uniform-baseline-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try text.write(to: file, atomically: true, encoding: .utf8)
        let read = try Baseline.read(file: file.path)
        XCTAssertEqual(read.entries.map(\.subject), ["com.acme.a", "com.acme.a", "com.acme.b", "com.acme.c"])
        XCTAssertEqual(read.entries.map(\.line), [5, 6, 7, 10], text)
        let stale = read.compare([], base: "/").staleFindings(baselineFile: file.path, strict: false)
        XCTAssertEqual(stale.map(\.location?.line), [5, 6, 7, 10])
    }
}
