import Foundation
import UniformRules
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

final class JUnitReporterTests: XCTestCase {
    func testWellFormedWithOneSuitePerRule() throws {
        let xml = JUnitReporter().report(ReporterFixtures.run)
        let document = try parseXML(xml)
        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        XCTAssertEqual(
            suites.map { attribute("name", of: $0) },
            ["clean-rule", "handler-rank", "manifest.duplicate-key", "types.unused"])
        for suite in suites {
            XCTAssertGreaterThan(try suite.nodes(forXPath: "testcase").count, 0, "suites are never empty")
        }
        XCTAssertEqual(attribute("tests", of: try XCTUnwrap(document.rootElement())), "5")
        XCTAssertEqual(
            attribute("failures", of: try XCTUnwrap(document.rootElement())), "2",
            "the warning fails only under --strict")
    }

    func testClassNamesAreRuleFilesOrIDs() throws {
        let document = try parseXML(JUnitReporter().report(ReporterFixtures.run))
        let cases = try document.nodes(forXPath: "//testcase")
        let classNames = cases.map { attribute("classname", of: $0) }
        XCTAssertEqual(
            classNames,
            ["rules/types.lua", "rules/handlers.lua", "rules/handlers.lua", "manifest.duplicate-key", "types.unused"])
    }

    func testNamesAreStableAndUnique() throws {
        let document = try parseXML(JUnitReporter().report(ReporterFixtures.run))
        let names = try document.nodes(forXPath: "//testcase").map { attribute("name", of: $0) }
        XCTAssertEqual(
            names,
            [
                "clean-rule",
                "handler-rank in Apps/Viewer/Info.plist (public.png)",
                "handler-rank in Apps/Viewer/Info.plist (public.png) #2",
                "manifest.duplicate-key in Apps/Legacy/Info.plist (CFBundleName)",
                "types.unused (type com.example.thing is never used, 50% of types are)",
            ])
    }

    func testEscapingAndFailures() throws {
        var strict = ReporterFixtures.run
        strict.strict = true
        let xml = JUnitReporter().report(strict)
        XCTAssertFalse(xml.contains("\u{1}"), "characters XML forbids are stripped")
        XCTAssertTrue(xml.contains("&lt;public.png&gt; &amp; co"))
        let document = try parseXML(xml)
        let failures = try document.nodes(forXPath: "//failure")
        XCTAssertEqual(failures.map { attribute("type", of: $0) }, ["error", "error", "warning"])
        XCTAssertEqual(
            attribute("message", of: failures[0]), "Handler for <public.png> & co has no rank: 100% sure, really")
        XCTAssertEqual(
            attribute("message", of: failures[2]), "duplicate key CFBundleName:\nthe second value wins",
            "newlines survive in attributes")
        XCTAssertTrue(failures[2].stringValue?.contains("at Apps/Legacy/Info.plist@1234") == true)
        // Notes do not fail: they are reported as output of a passing case.
        XCTAssertEqual(try document.nodes(forXPath: "//testcase[@classname='types.unused']/system-out").count, 1)
    }

    /// Without `--strict` a warning does not fail the run, so it is no JUnit failure either (a
    /// report widget showed red on a green job).
    func testWarningsFailOnlyUnderStrict() throws {
        let document = try parseXML(JUnitReporter().report(ReporterFixtures.run))
        XCTAssertEqual(try document.nodes(forXPath: "//failure").map { attribute("type", of: $0) }, ["error", "error"])
        XCTAssertEqual(
            try document.nodes(forXPath: "//testcase[@classname='manifest.duplicate-key']/system-out").count, 1)
        XCTAssertEqual(attribute("failures", of: try XCTUnwrap(document.rootElement())), "2")
    }

    func testCleanRunHasPassingCasePerRule() throws {
        let document = try parseXML(JUnitReporter().report(ReporterFixtures.cleanRun))
        XCTAssertEqual(try document.nodes(forXPath: "//testcase").count, 3)
        XCTAssertEqual(try document.nodes(forXPath: "//failure").count, 0)
    }
}
