import Foundation
import UniformCore
import UniformRules
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The reporters on the real findings of the 56 real manifests, not just fixtures.
final class RealWorldReportTests: XCTestCase {
    func testSARIFOfTheRealWorldIsValidAndJUnitIsWellFormed() throws {
        let plists = SchemaValidator.packageRoot.deletingLastPathComponent().appendingPathComponent(
            "shared/realworld/plists"
        ).path
        guard FileManager.default.fileExists(atPath: plists) else {
            throw XCTSkip("\(plists) is absent: place the shared data beside the package")
        }
        let loaded = ManifestLoader().load([plists])
        let engine = RuleEngine(inputs: WorldInputs(manifests: loaded.manifests), output: { _ in })
        try engine.loadStandardRules()
        let findings = engine.runChecks()
        XCTAssertGreaterThan(findings.count, 500)
        let run = CheckRun(
            findings: findings, manifests: engine.world.apps.map(\.file), rules: engine.ruleInfos,
            toolVersion: UniformVersion.current, baseDirectory: FileManager.default.currentDirectoryPath)
        let sarif = SARIFReporter().report(run)
        try SchemaValidator.validate(sarif, against: "sarif-schema-2.1.0.json")
        let junit = JUnitReporter().report(run)
        XCTAssertNoThrow(try XMLDocument(data: Data(junit.utf8)))
        let github = GitHubReporter().report(run)
        XCTAssertTrue(
            github.split(separator: "\n").allSatisfy {
                $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ")
            })
    }
}
