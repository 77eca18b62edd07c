import UniformCore

/// The findings of one test's world, kept while the world stays as it is.
///
/// Every check-based assertion (`assert.reports`, `assert.no_reports`, `fixture.findings`)
/// needs every check's findings; running all checks for each of them made a suite of 15 such
/// tests take seconds (issue 30). Checks read the world, so their findings change only when
/// it does: a fixture, a declaration or a newly registered rule moves the engine's `revision`,
/// and the next assertion runs the checks again.
final class FindingsCache {
    private var kept: (revision: Int, findings: [Finding])?
    /// Off: every assertion runs the checks (`TestRunner.reusesFindings`, for benchmarks).
    let enabled: Bool

    init(enabled: Bool = true) { self.enabled = enabled }

    func findings(of engine: RuleEngine, _ run: () -> [Finding]) -> [Finding] {
        if enabled, let kept, kept.revision == engine.revision { return kept.findings }
        let findings = run()
        // A check that registers or declares something while it runs moves the revision: what
        // it found belongs to the world after it.
        kept = (engine.revision, findings)
        return findings
    }
}
