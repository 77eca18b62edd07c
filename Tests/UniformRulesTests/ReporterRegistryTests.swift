import UniformRules
import XCTest

final class ReporterRegistryTests: XCTestCase {
    func testEveryNameResolves() {
        XCTAssertEqual(Reporters.findingNames, ["text", "json", "junit", "tap", "sarif", "github", "xcode"])
        XCTAssertEqual(Reporters.testNames, ["text", "json", "junit", "tap", "github"])
        for name in Reporters.findingNames {
            let reporter = Reporters.finding(named: name, color: false)
            XCTAssertNotNil(reporter, name)
            XCTAssertEqual(reporter.map { type(of: $0).name }, name)
        }
        for name in Reporters.testNames {
            let reporter = Reporters.test(named: name, color: false)
            XCTAssertNotNil(reporter, name)
            XCTAssertEqual(reporter.map { type(of: $0).name }, name)
        }
        XCTAssertNil(Reporters.finding(named: "xml", color: false))
        XCTAssertNil(Reporters.test(named: "sarif", color: false))
    }

    func testColourReachesTheTextReporter() {
        XCTAssertEqual((Reporters.finding(named: "text", color: true) as? TextReporter)?.color, true)
        XCTAssertEqual((Reporters.test(named: "text", color: true) as? TestTextReporter)?.color, true)
    }

    func testSpecParsing() throws {
        XCTAssertEqual(try ReporterSpec(parsing: "text"), ReporterSpec(name: "text", path: nil))
        XCTAssertEqual(try ReporterSpec(parsing: "junit:report.xml"), ReporterSpec(name: "junit", path: "report.xml"))
        XCTAssertEqual(
            try ReporterSpec(parsing: "sarif:out/a:b.sarif"), ReporterSpec(name: "sarif", path: "out/a:b.sarif"))
        XCTAssertEqual(try ReporterSpec(parsing: "tap:-"), ReporterSpec(name: "tap", path: "-"))
    }

    func testSpecErrorsNameTheValidFormats() {
        XCTAssertThrowsError(try ReporterSpec(parsing: "xml:out.xml")) { error in
            XCTAssertEqual(
                "\(error)", "unknown format 'xml'; valid formats: text, json, junit, tap, sarif, github, xcode")
        }
        XCTAssertThrowsError(try ReporterSpec(parsing: "sarif", validNames: Reporters.testNames)) { error in
            XCTAssertEqual("\(error)", "unknown format 'sarif'; valid formats: text, json, junit, tap, github")
        }
        XCTAssertThrowsError(try ReporterSpec(parsing: "junit:")) { error in
            XCTAssertEqual(error as? ReporterSpecError, .missingPath("junit"))
        }
        XCTAssertThrowsError(try ReporterSpec(parsing: ""))
    }
}
