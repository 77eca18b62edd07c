import Foundation
import UniformRules
import XCTest

final class JSONReporterTests: XCTestCase {
    func testDocumentShape() throws {
        let out = JSONReporter().report(ReporterFixtures.run)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        XCTAssertEqual(object["schema_version"] as? Int, 2)
        let summary = try XCTUnwrap(object["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["errors": 2, "warnings": 1, "notes": 1, "manifests": 3, "total": 4])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 4)
        for finding in findings {
            XCTAssertEqual(
                Set(finding.keys),
                ["rule", "severity", "message", "file", "line", "column", "offset", "subject", "related"])
        }
        XCTAssertEqual(
            findings.map { $0["rule"] as? String },
            ["types.unused", "manifest.duplicate-key", "handler-rank", "handler-rank"])
        XCTAssertTrue(findings[0]["file"] is NSNull)
        let binary = findings[1]
        XCTAssertEqual(binary["offset"] as? Int, 1234)
        XCTAssertTrue(binary["line"] is NSNull)
        XCTAssertEqual(binary["message"] as? String, "duplicate key CFBundleName:\nthe second value wins")
        XCTAssertEqual(findings[2]["line"] as? Int, 12)
        XCTAssertEqual(findings[2]["subject"] as? String, "public.png")
    }

    func testKeyOrderIsStable() {
        let out = JSONReporter().report(ReporterFixtures.run)
        let keys = ["\"schema_version\"", "\"findings\"", "\"summary\""].map { out.range(of: $0)!.lowerBound }
        XCTAssertEqual(keys, keys.sorted())
        XCTAssertEqual(out, JSONReporter().report(ReporterFixtures.run))
        XCTAssertTrue(out.contains(#""message": "duplicate key CFBundleName:\nthe second value wins""#))
    }
}
