/// Tallies of a test run. `failed` includes `errored`: both make the run fail, and the final
/// line `N passed, N failed` must account for every test that ran.
public struct TestCounts: Hashable, Sendable {
    public var passed = 0
    /// Failures and errors together.
    public var failed = 0
    /// The subset of `failed` that raised errors rather than failed assertions.
    public var errored = 0
    public var skipped = 0

    public init(_ results: [TestCaseResult]) {
        for result in results {
            switch result.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .errored:
                failed += 1
                errored += 1
            case .skipped: skipped += 1
            }
        }
    }

    public var total: Int { passed + failed + skipped }

    /// `N passed, N failed`, with `, N skipped` only when something was skipped: the last
    /// line of the text report, which scripts and docs/SPEC.md §5 rely on.
    public var summaryLine: String {
        var line = "\(passed) passed, \(failed) failed"
        if skipped > 0 { line += ", \(skipped) skipped" }
        return line
    }
}
