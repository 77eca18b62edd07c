import Foundation
import UniformCore
import UniformLua

/// Runs busted-style policy suites. Every test gets a fresh engine — a new Lua state, the
/// configured world, the configured rules — so what-if edits never leak between tests.
public struct TestRunner {
    public var inputs: WorldInputs
    /// Rule files loaded before each test (configured and `-r`).
    public var ruleFiles: [String]
    public var standardRules: Bool
    public var checkOptions: CheckOptions
    /// The configuration's suppressions: a test sees the findings `uniform check` reports.
    public var suppressions: [Suppression] = []
    public var limits: LuaLimits
    public var defines: [String: String]
    public var selection: TestSelection
    public var coverage: Bool
    /// Shuffles each file's tests from this seed (`--shuffle`, `--seed`); nil runs them in order.
    public var shuffleSeed: UInt64?
    /// The seed `randomize()` blocks shuffle their tests with when the run is not shuffled as a
    /// whole (`uniform test` prints it; `--seed N` reruns the order).
    public var randomizeSeed: UInt64 = 1
    /// Rule files' bytes read from a trusted revision (`--policy-from`), by path: loaded
    /// instead of the working tree's file of that name.
    public var ruleSources: [String: [UInt8]] = [:]
    /// The build settings fixtures resolve placeholders against (the session's configured
    /// xcconfigs and defines, `Session.settings`); empty takes `defines` alone.
    public var settings: [SettingsStack.Level] = []
    /// The folder test files, fixtures and rule files must resolve inside (the session's
    /// repository); nil takes the git work tree of each test file's folder.
    public var boundary: String?
    /// Where `require` reads modules in rule and test files (the session's); nil: nowhere.
    public var modules: ModuleSearch?
    /// Check-based assertions share a test's findings while its world stays the same; off,
    /// each runs every check (`uniform-bench tests` measures the difference in one run).
    public var reusesFindings = true

    public init(
        inputs: WorldInputs, ruleFiles: [String] = [], standardRules: Bool = true,
        checkOptions: CheckOptions = CheckOptions(),
        limits: LuaLimits = LuaLimits(), defines: [String: String] = [:], selection: TestSelection = TestSelection(),
        coverage: Bool = false
    ) {
        self.inputs = inputs
        self.ruleFiles = ruleFiles
        self.standardRules = standardRules
        self.checkOptions = checkOptions
        self.limits = limits
        self.defines = defines
        self.selection = selection
        self.coverage = coverage
    }

    /// One test as collected from its file.
    public struct TestCase: Sendable {
        public var file: String
        public var index: Int
        public var path: [String]
        public var line: Int?
        public var isPending: Bool
        /// The `randomize()` block the test is in (per file), whose tests run in a shuffled order.
        public var randomGroup: Int? = nil
    }

    /// Collects the tests of each file (a file that fails to load yields an error result).
    public func collect(_ files: [String]) -> (tests: [TestCase], errors: [TestCaseResult]) {
        collect(files, reads: ReadFiles())
    }

    private func collect(_ files: [String], reads: ReadFiles) -> (tests: [TestCase], errors: [TestCaseResult]) {
        var tests: [TestCase] = []
        var errors: [TestCaseResult] = []
        for file in files {
            do {
                let prepared = try prepare(file: file, reads: reads)
                let listing = try prepared.engine.state.call(prepared.list, [])
                for (n, item) in (listing.first?.tableValue?.arrayValues() ?? []).enumerated() {
                    guard let t = item.tableValue else { continue }
                    let path = (t["path"].tableValue?.arrayValues() ?? []).compactMap(\.stringValue)
                    tests.append(
                        TestCase(
                            file: file, index: n + 1, path: path, line: t["line"].intValue.map { Int($0) },
                            isPending: t["pending"].boolValue ?? false,
                            randomGroup: t["random"].intValue.map { Int($0) }))
                }
            } catch {
                errors.append(errorResult(file: file, path: ["(loading the file)"], error: error, duration: 0))
            }
        }
        return (tests, errors)
    }

    /// Runs the selected tests of the files, in order.
    public func run(_ files: [String]) -> TestRun {
        let reads = ReadFiles()
        var run = run(files, reads: reads)
        run.inputs = files + ruleFiles + reads.paths.sorted()
        return run
    }

    private func run(_ files: [String], reads: ReadFiles) -> TestRun {
        let started = Date()
        let (collected, loadErrors) = collect(files, reads: reads)
        let tests =
            shuffleSeed.map { TestOrder.shuffled(collected, seed: $0) }
            ?? TestOrder.randomizingBlocks(collected, seed: randomizeSeed)
        var results = loadErrors
        var hits: [String: [Int: Int]] = [:]
        var keptOutput = 0
        for test in selection.narrowed(tests) where selection.includes(test.path) {
            if test.isPending {
                results.append(
                    TestCaseResult(
                        file: test.file, path: test.path, status: .skipped(reason: "pending"),
                        location: test.line.map { SourceLocation(file: test.file, line: $0) }))
                continue
            }
            let (ran, lines) = run(test, reads: reads)
            var result = ran
            // Each test may print 1 MiB (its own engine's budget); a file of thousands of tests
            // must not pile that up: the run keeps `maxKeptOutput` bytes of it in all.
            keptOutput += result.output.utf8.count
            if keptOutput > Self.maxKeptOutput, !result.output.isEmpty {
                result.output = "(output not kept: the run's \(Self.maxKeptOutput >> 20) MiB of test output is spent)\n"
            }
            results.append(result)
            for (file, counts) in lines { hits[file, default: [:]].merge(counts, uniquingKeysWith: +) }
        }
        var report: CoverageReport?
        if coverage { report = coverageReport(hits: hits) }
        var run = TestRun(results: results, files: files, duration: Date().timeIntervalSince(started), coverage: report)
        run.randomized = shuffleSeed == nil ? TestOrder.randomizedCount(collected) : 0
        return run
    }

    /// The `print` output a run keeps over all its tests.
    static let maxKeptOutput = 4 << 20

    private func run(_ test: TestCase, reads: ReadFiles) -> (TestCaseResult, [String: [Int: Int]]) {
        let started = Date()
        var output = ""
        var lines: [String: [Int: Int]] = [:]
        var framed = false
        var asserted: Bool?
        do {
            let prepared = try prepare(file: test.file, reads: reads, output: { output += $0 + "\n" })
            let state = prepared.engine.state
            let index = LuaValue.integer(Int64(test.index))
            var failure: Error?
            do {
                _ = try state.call(prepared.before, [index])
                guard case .function(let body)? = try state.call(prepared.body, [index]).first else {
                    throw RuleError(message: "\(test.file): test \(test.index) has no body")
                }
                _ = try state.call(body, [])
            } catch {
                failure = error
            }
            do { _ = try state.call(prepared.after, [index]) } catch { failure = failure ?? error }
            if coverage { lines = state.coverageHits() }
            if let lua = failure as? LuaError {
                framed = (try? state.call(prepared.framed, [.string(lua.message)]))?.first?.boolValue ?? false
                asserted = (try? state.call(prepared.asserted, [.string(lua.message)]))?.first?.boolValue
            }
            if let failure { throw failure }
            return (
                TestCaseResult(
                    file: test.file, path: test.path, status: .passed,
                    location: test.line.map { SourceLocation(file: test.file, line: $0) },
                    duration: Date().timeIntervalSince(started), output: output), lines
            )
        } catch {
            var result = errorResult(
                file: test.file, path: test.path, error: error, duration: Date().timeIntervalSince(started),
                asserted: asserted)
            result.output = output
            result.messageKeepsLines = framed && result.status == .failed
            if result.location == nil { result.location = test.line.map { SourceLocation(file: test.file, line: $0) } }
            return (result, lines)
        }
    }

    /// An assertion failure (raised by `assert.*` in the test file) is `failed`; anything else
    /// (a runtime error, an exhausted limit, a broken rule) is `errored`. `asserted` says whether
    /// the framework raised the message as a failed assertion (nil: not known, e.g. loading).
    private func errorResult(
        file: String, path: [String], error: Error, duration: Double, asserted: Bool? = nil
    ) -> TestCaseResult {
        var message = "\(error)"
        var traceback: String?
        var location: SourceLocation?
        var status = TestCaseResult.Status.errored
        if let lua = error as? LuaError {
            message = lua.message
            traceback = lua.traceback
            location = lua.location.map { SourceLocation(file: $0.file, line: $0.line) }
            if lua.kind == .runtime, let location, location.file == file {
                status = asserted == false ? .errored : .failed
            }
        } else if let rule = error as? RuleError {
            message = rule.message
            traceback = rule.traceback
        }
        if case .limit = (error as? LuaError)?.kind { status = .errored }
        // `pending("reason")` inside a running test (the framework's marker, no position).
        if let range = message.range(of: "\u{1}pending\u{1}") {
            return TestCaseResult(
                file: file, path: path, status: .skipped(reason: String(message[range.upperBound...])), message: nil,
                location: location, traceback: nil, duration: duration)
        }
        traceback = traceback.flatMap { Self.cleanTraceback($0, message: message) }
        return TestCaseResult(
            file: file, path: path, status: status, message: message, location: location, traceback: traceback,
            duration: duration)
    }

    /// Drops the repeated message and the framework's own frames from a traceback.
    static func cleanTraceback(_ traceback: String, message: String) -> String? {
        var text = traceback
        if text.hasPrefix(message) { text = String(text.dropFirst(message.count)) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).filter {
            !$0.contains("uniform.test:") && !$0.contains("[C]: in function 'error'")
        }
        guard lines.count > 1 || (lines.first.map { !$0.hasPrefix("stack traceback") } ?? false) else { return nil }
        return lines.joined(separator: "\n")
    }

    struct Prepared {
        var engine: RuleEngine
        var list: LuaFunction
        var before: LuaFunction
        var body: LuaFunction
        var after: LuaFunction
        /// Whether a message is one the framework laid out on several lines itself.
        var framed: LuaFunction
        var asserted: LuaFunction
    }

    /// A fresh engine with the rules loaded and the test file collected.
    private func prepare(
        file: String, reads: ReadFiles, output: @escaping (String) -> Void = { _ in }
    ) throws -> Prepared {
        let directory = (CanonicalPath.ofParent(file) as NSString).deletingLastPathComponent
        let boundary = boundary.map { CanonicalPath.of($0) } ?? RepositoryBoundary(startingAt: directory).root
        // A test file is Lua from the pull request; one that resolves outside (a committed
        // link, a configured folder elsewhere) is not run.
        guard RepositoryBoundary.contains(CanonicalPath.of(file), root: boundary) else {
            throw RuleError(message: "\(file): the test file is outside the repository (or links there); it is not run")
        }
        let engine = RuleEngine(inputs: inputs, limits: limits, output: output)
        engine.modules = modules
        engine.moduleRead = { reads.paths.insert($0) }
        let api = TestAPI(
            engine: engine, directory: directory, boundary: boundary,
            settings: settings.isEmpty
                ? RunSettings.defines(defines, location: SourceLocation(file: "--define")) : settings,
            checkOptions: checkOptions,
            suppressions: suppressions, reads: reads, findings: FindingsCache(enabled: reusesFindings))
        let runnerTable: LuaTableRef
        do {
            let make = try engine.state.load(bytes: TestFramework.source, chunkName: TestFramework.chunkName)
            guard case .table(let t)? = try engine.state.call(make, [.table(api.table())]).first else {
                throw RuleError(message: "the test framework did not load")
            }
            runnerTable = t
        } catch let error as LuaError {
            throw RuleError(error)
        }
        if coverage { engine.state.setLineCoverage(true) }
        if standardRules { try engine.loadStandardRules() }
        for rule in ruleFiles {
            if let bytes = ruleSources[rule] {
                try engine.load(bytes: bytes, chunkName: rule)
            } else {
                try engine.load(file: rule)
            }
        }
        do {
            _ = try engine.state.run(file: file, chunkName: file)
        } catch let error as LuaError {
            throw error
        }
        guard case .function(let list) = runnerTable["list"], case .function(let before) = runnerTable["before"],
            case .function(let body) = runnerTable["body"], case .function(let after) = runnerTable["after"],
            case .function(let framed) = runnerTable["framed"], case .function(let asserted) = runnerTable["asserted"]
        else {
            throw RuleError(message: "the test framework is incomplete")
        }
        return Prepared(
            engine: engine, list: list, before: before, body: body, after: after, framed: framed, asserted: asserted)
    }

    /// Line coverage of the rule files (not the tests, not the standard rules).
    private func coverageReport(hits covered: [String: [Int: Int]]) -> CoverageReport {
        let engine = RuleEngine(inputs: WorldInputs(), limits: limits)
        var coverable: [String: Set<Int>] = [:]
        var hits: [String: [Int: Int]] = [:]
        for file in ruleFiles {
            guard let data = ruleSources[file].map({ Data($0) }) ?? FileManager.default.contents(atPath: file),
                let f = try? engine.state.load(bytes: Array(data), chunkName: file)
            else { continue }
            coverable[file] = engine.state.activeLines(of: f)
            let lines = coverable[file] ?? []
            hits[file] = (covered[file] ?? [:]).filter { lines.contains($0.key) }
        }
        return CoverageReport(hits: hits, coverable: coverable)
    }
}
