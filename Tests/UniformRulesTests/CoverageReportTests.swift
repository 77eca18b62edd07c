import UniformRules
import XCTest

final class CoverageReportTests: XCTestCase {
    func testPercentagesAndRanges() throws {
        let report = TestRunFixtures.coverage
        XCTAssertEqual(
            report.files.map(\.file), ["rules/empty.lua", "rules/handlers.lua", "rules/types.lua"],
            "sorted; files only covered are not rule files")
        let types = try XCTUnwrap(report.files.last)
        XCTAssertEqual(types.percent, 50)
        XCTAssertEqual(types.uncovered, [3, 4, 5, 9])
        XCTAssertEqual(types.uncoveredRanges, "3-5, 9")
        XCTAssertEqual(report.files[0].percent, 100, "nothing to cover is fully covered")
        XCTAssertEqual(report.percent, 700.0 / 11, accuracy: 1e-9, "weighted by lines, not averaged over files")
        XCTAssertEqual(CoverageReport(files: []).percent, 100)
    }

    func testLinesOutsideTheCoverableSetDoNotInflate() {
        let file = FileCoverage(file: "a.lua", covered: [1, 2, 7], coverable: [1, 2])
        XCTAssertEqual(file.percent, 100)
        XCTAssertEqual(file.uncoveredRanges, "")
    }
}
