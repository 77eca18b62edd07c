import UniformCore
import UniformRules

/// A fixed policy test run: passes, an assertion failure with location, traceback and
/// captured output, an error without location, a skip with a reason, a skip without one, and
/// two tests with the same name in one file (JUnit must tell them apart).
enum TestRunFixtures {
    static let spec = "spec/types_spec.lua"
    static let other = "spec/handlers_spec.lua"

    static let passed = TestCaseResult(
        file: spec, path: ["types", "png", "conforms to image"], status: .passed, duration: 0.01)
    static let failed = TestCaseResult(
        file: spec, path: ["types", "png", "has an extension"], status: .failed,
        message: "expected \"png\", got nil <&> 100%",
        location: SourceLocation(file: spec, line: 12, column: 3),
        traceback: "stack traceback:\n\tspec/types_spec.lua:12: in function <spec/types_spec.lua:10>",
        duration: 0.02, output: "debug: looked up png\n")
    static let errored = TestCaseResult(
        file: other, path: ["handlers", "rank, default"], status: .errored,
        message: "rules/handlers.lua:4: attempt to index a nil value", duration: 0.03)
    static let skippedWithReason = TestCaseResult(
        file: other, path: ["handlers", "later"], status: .skipped(reason: "not implemented"))
    static let skippedBare = TestCaseResult(file: other, path: ["handlers", "someday"], status: .skipped(reason: nil))
    static let duplicate = TestCaseResult(file: spec, path: ["types", "png", "conforms to image"], status: .passed)

    static let mixed = TestRun(
        results: [passed, failed, duplicate, errored, skippedWithReason, skippedBare],
        files: [spec, other, "spec/empty_spec.lua"], duration: 1.25)
    static let noSkips = TestRun(results: [passed, failed, errored], files: [spec, other], duration: 0.5)
    static let allPassing = TestRun(results: [passed, duplicate], files: [spec], duration: 0.1)
    static let empty = TestRun(results: [], files: [])

    static let coverage = CoverageReport(
        covered: ["rules/types.lua": [1, 2, 6, 10], "rules/handlers.lua": [1, 2, 3], "spec/types_spec.lua": [1]],
        coverable: [
            "rules/types.lua": [1, 2, 3, 4, 5, 6, 9, 10], "rules/handlers.lua": [1, 2, 3], "rules/empty.lua": [],
        ])
}
