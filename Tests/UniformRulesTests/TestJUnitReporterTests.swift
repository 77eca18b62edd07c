import Foundation
import UniformRules
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

final class TestJUnitReporterTests: XCTestCase {
    func testWellFormedWithStableNames() throws {
        let document = try parseXML(TestJUnitReporter().report(TestRunFixtures.mixed))
        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        XCTAssertEqual(
            suites.map { attribute("name", of: $0) },
            ["spec/types_spec.lua", "spec/handlers_spec.lua", "spec/empty_spec.lua"])
        let cases = try document.nodes(forXPath: "//testcase")
        XCTAssertEqual(
            cases.map { attribute("classname", of: $0) },
            [String?](repeating: "spec/types_spec.lua", count: 3)
                + [String?](repeating: "spec/handlers_spec.lua", count: 3))
        XCTAssertEqual(
            cases.map { attribute("name", of: $0) },
            [
                "types › png › conforms to image",
                "types › png › has an extension",
                "types › png › conforms to image #2",
                "handlers › rank, default",
                "handlers › later",
                "handlers › someday",
            ])
    }

    func testStatusElements() throws {
        let xml = TestJUnitReporter().report(TestRunFixtures.mixed)
        let document = try parseXML(xml)
        let failure = try XCTUnwrap(try document.nodes(forXPath: "//testcase/failure").first)
        XCTAssertEqual(attribute("message", of: failure), "expected \"png\", got nil <&> 100%")
        XCTAssertTrue(failure.stringValue?.contains("stack traceback:") == true)
        XCTAssertEqual(try document.nodes(forXPath: "//testcase/error").count, 1)
        let skipped = try document.nodes(forXPath: "//testcase/skipped")
        XCTAssertEqual(skipped.map { attribute("message", of: $0) }, ["not implemented", nil])
        XCTAssertEqual(
            try document.nodes(forXPath: "//testcase/system-out").first?.stringValue, "debug: looked up png\n")
        let root = try XCTUnwrap(document.rootElement())
        // junit-10.xsd has no `skipped` on <testsuites>; the suites carry it.
        XCTAssertEqual(
            ["tests", "failures", "errors", "skipped"].map { attribute($0, of: root) }, ["6", "1", "1", nil])
        XCTAssertEqual(
            try document.nodes(forXPath: "/testsuites/testsuite").compactMap { attribute("skipped", of: $0) }
                .compactMap(Int.init).reduce(0, +), 2)
    }

    func testEmptyElementsSelfClose() {
        let xml = TestJUnitReporter().report(TestRunFixtures.mixed)
        XCTAssertTrue(
            xml.contains(
                #"<testcase classname="spec/types_spec.lua" name="types › png › conforms to image" time="0.010"/>"#),
            xml)
        XCTAssertTrue(
            xml.contains(
                #"<testsuite name="spec/empty_spec.lua" tests="0" failures="0" errors="0" skipped="0" time="0.000"/>"#),
            xml)
        XCTAssertFalse(xml.contains("\">\n    </testcase>"), "no empty open/close pairs")
    }

    func testEmptyRunIsWellFormed() throws {
        let document = try parseXML(TestJUnitReporter().report(TestRunFixtures.empty))
        XCTAssertEqual(attribute("tests", of: try XCTUnwrap(document.rootElement())), "0")
    }
}
