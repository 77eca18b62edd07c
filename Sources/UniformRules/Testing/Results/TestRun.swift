/// Everything one `uniform test` run produced, as handed to the reporters.
public struct TestRun: Hashable, Sendable {
    /// In run order (file, then declaration order); reporters keep it.
    public var results: [TestCaseResult]
    /// The test files loaded, including any without tests.
    public var files: [String]
    /// Seconds, wall clock.
    public var duration: Double
    /// Present only with `--coverage`.
    public var coverage: CoverageReport?
    /// Every file the run read — test files, rule files, configurations, manifests, projects,
    /// fixtures — what `uniform test --watch` watches.
    public var inputs: [String] = []
    /// How many tests `randomize()` blocks shuffled (with `TestRunner.randomizeSeed`).
    public var randomized = 0

    public init(results: [TestCaseResult], files: [String], duration: Double = 0, coverage: CoverageReport? = nil) {
        self.results = results
        self.files = files
        self.duration = duration
        self.coverage = coverage
    }

    public var counts: TestCounts { TestCounts(results) }
}
