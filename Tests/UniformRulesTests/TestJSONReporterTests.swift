import Foundation
import UniformRules
import XCTest

final class TestJSONReporterTests: XCTestCase {
    func testDocument() throws {
        var run = TestRunFixtures.mixed
        run.coverage = TestRunFixtures.coverage
        let out = TestJSONReporter().report(run)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        XCTAssertEqual(object["schema_version"] as? Int, 2)
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["passed"] as? Int, 2)
        XCTAssertEqual(summary["failed"] as? Int, 2)
        XCTAssertEqual(summary["errored"] as? Int, 1)
        XCTAssertEqual(summary["skipped"] as? Int, 2)
        XCTAssertEqual(summary["total"] as? Int, 6)
        XCTAssertEqual(summary["files"] as? Int, 3)
        let tests = try XCTUnwrap(object["tests"] as? [[String: Any]])
        XCTAssertEqual(
            tests.map { $0["status"] as? String }, ["passed", "failed", "passed", "errored", "skipped", "skipped"])
        XCTAssertEqual(tests[1]["name"] as? String, "types › png › has an extension")
        XCTAssertEqual(tests[1]["path"] as? [String], ["types", "png", "has an extension"])
        XCTAssertEqual((tests[1]["location"] as? [String: Any])?["line"] as? Int, 12)
        XCTAssertTrue(tests[3]["location"] is NSNull)
        XCTAssertEqual(tests[4]["skip_reason"] as? String, "not implemented")
        let coverage = try XCTUnwrap(object["coverage"] as? [String: Any])
        let files = try XCTUnwrap(coverage["files"] as? [[String: Any]])
        XCTAssertEqual(files.last?["uncovered_ranges"] as? String, "3-5, 9")
        XCTAssertEqual(files.last?["uncovered"] as? [Int], [3, 4, 5, 9])
    }

    func testNoCoverageIsNull() throws {
        let out = TestJSONReporter().report(TestRunFixtures.empty)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        XCTAssertTrue(object["coverage"] is NSNull)
        XCTAssertEqual((object["tests"] as? [Any])?.count, 0)
    }
}
