import ArgumentParser
import Foundation
import UniformCore
import UniformRules

/// `uniform test [PATH…]`: busted-style policy suites (`*_test.lua`, `*_spec.lua`).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run Lua policy test suites (*_test.lua, *_spec.lua).",
        discussion: """
            Every test runs against a fresh world built from the configured manifests and rules. Exit status: \
            0 when all pass, 1 on any failure or error or when no test was found, 2 for usage errors. The text \
            report ends with the line "N passed, N failed".
            """
    )

    @Argument(
        help:
            "Test files or directories, or FILE:LINE for the test at that line (default: the configured tests, else the current directory).",
        completion: .file(extensions: ["lua"]))
    var paths: [String] = []

    @OptionGroup var world: WorldOptions

    @Option(help: ArgumentHelp("Run only tests whose full name contains this text.", valueName: "PATTERN"))
    var filter: String?

    @Option(
        name: .customLong("filter-out"),
        help: ArgumentHelp("Skip tests whose full name contains this text.", valueName: "PATTERN"))
    var filterOut: String?

    @Option(
        name: .customLong("tags"), parsing: .upToNextOption,
        help: "Run only tests tagged with one of these (#tag in a name).")
    var tags: [String] = []

    @Option(name: .customLong("exclude-tags"), parsing: .upToNextOption, help: "Skip tests tagged with one of these.")
    var excludeTags: [String] = []

    @Flag(help: "List the tests instead of running them.")
    var list = false

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "A reporter (text, json, junit, tap, github), optionally to a file: junit:tests.xml (repeatable).",
            valueName: "F[:FILE]"), completion: .list(Reporters.testNames))
    var formats: [String] = []

    @Flag(help: "Measure line coverage of the rule files.")
    var coverage = false

    @Option(
        help: ArgumentHelp(
            "Fail when rule-file coverage is below this percentage (implies --coverage).", valueName: "N"))
    var coverageThreshold: Double?

    @Flag(help: "Run each file's tests in a shuffled order (the seed is printed, so the order can be rerun).")
    var shuffle = false

    @Option(help: ArgumentHelp("Shuffle with this seed (implies --shuffle).", valueName: "N"))
    var seed: UInt64?

    @Option(
        name: .customLong("randomize-seed"),
        help: ArgumentHelp(
            "The seed busted's randomize() blocks shuffle their tests with (printed when they do; default: a new one each run).",
            valueName: "N"))
    var randomizeSeed: UInt64?

    @Option(
        name: .customLong("coverage-format"),
        help: ArgumentHelp(
            "Write rule-file coverage for CI services: lcov:FILE or cobertura:FILE (repeatable; implies --coverage).",
            valueName: "F:FILE"), completion: CompletionValues.list(CoverageFormats.names.map { $0 + ":" }))
    var coverageFormats: [String] = []

    @Flag(
        help:
            "Run again whenever a test file, rule file, .uniform.lua or manifest the run read changes (polled every 0.5 s; Ctrl-C stops)."
    )
    var watch = false

    /// A misspelt reporter is a usage error before anything is read.
    func validate() throws {
        for format in formats {
            do { _ = try ReporterSpec(parsing: format, validNames: Reporters.testNames) } catch {
                throw ValidationError("--format \(format): \(error)")
            }
        }
    }

    func run() throws {
        // The configuration of the current directory says where the tests are when no path does.
        let here = try world.makeSession(requireManifests: true)
        // `tests/a_test.lua:12`: that file, and in it the test at (or around) line 12.
        var files: [String] = [], lines: [String: [Int]] = [:]
        for path in paths {
            let (file, line) = TestSelection.fileAndLine(path) { FileManager.default.fileExists(atPath: $0) }
            if !files.contains(file) { files.append(file) }
            if let line { lines[CanonicalPath.of(file), default: []].append(line) }
        }
        let roots: [String]
        do { roots = try here.testRoots(files) } catch { throw CommandFailure.input(error.description) }
        let selection = TestSelection(
            filter: filter, filterOut: filterOut, tags: tags, excludeTags: excludeTags, lines: lines)
        let options = try world.sessionOptions(requireManifests: true)
        if list { return try listTests(in: roots, selection: selection, options: options) }
        let shuffleSeed = seed ?? (shuffle ? UInt64.random(in: 1...999_999) : nil)
        if let shuffleSeed { Output.error("uniform test: shuffled with --seed \(shuffleSeed)") }
        // busted's randomize() blocks shuffle with this seed, said once they did.
        let randomizeSeed = self.randomizeSeed ?? UInt64.random(in: 1...999_999)
        let outputs = try coverageOutputs()
        let once = {
            try runOnce(
                in: roots, options: options,
                prepare: { runner in
                    runner.selection = selection
                    runner.coverage = coverage || coverageThreshold != nil || !coverageFormats.isEmpty
                    runner.shuffleSeed = shuffleSeed
                    runner.randomizeSeed = randomizeSeed
                }, randomizeSeed: randomizeSeed, coverageOutputs: outputs)
        }
        if watch {
            watchRuns(once, roots: roots, lines: lines, configuration: here.config.file)
            return
        }
        try verdict(of: try once(), roots: roots, lines: lines)
    }

    /// `--coverage-format FORMAT:FILE`, each parsed.
    private func coverageOutputs() throws -> [(any CoverageFormat, String)] {
        try coverageFormats.map { spec -> (any CoverageFormat, String) in
            guard let colon = spec.firstIndex(of: ":"),
                let format = CoverageFormats.format(named: String(spec[..<colon])),
                spec.index(after: colon) < spec.endIndex
            else {
                throw CommandFailure.input(
                    "--coverage-format \(spec): expected \(CoverageFormats.names.map { "\($0):FILE" }.joined(separator: " or "))"
                )
            }
            return (format, String(spec[spec.index(after: colon)...]))
        }
    }

    /// `--list`: every selected test as `FILE:LINE: path › name`, nothing run.
    private func listTests(in roots: [String], selection: TestSelection, options: SessionOptions) throws {
        let (testFiles, missing) = TestDiscovery.files(in: roots)
        if let missing = missing.first { throw CommandFailure.input("\(missing): no such file or directory") }
        var failed = false
        for suite in TestSuites(files: testFiles).suites {
            var suiteOptions = options
            if let configuration = suite.configuration { suiteOptions.configFile = configuration }
            let session: Session
            do { session = try Session.open(suiteOptions) } catch {
                throw CommandFailure.input(lines: error.description)
            }
            var runner = TestRunner(session: session, extraRules: world.rules, defines: options.repository.defines)
            runner.selection = selection
            let (tests, errors) = runner.collect(suite.files)
            for test in runner.selection.narrowed(tests) where runner.selection.includes(test.path) {
                let name = test.path.map(ReportText.line).joined(separator: " › ")
                Output.print(
                    "\(ReportText.line(test.file)):\(test.line ?? 0): \(name)\(test.isPending ? " (pending)" : "")")
            }
            for error in errors { Output.error("\(error.file): \(error.message ?? "failed to load")") }
            failed = failed || !errors.isEmpty
        }
        if failed { throw CommandFailure.no() }
    }

    /// One run: discovers the test files (a watched run sees new ones), runs and reports.
    private func runOnce(
        in roots: [String], options: SessionOptions, prepare: (inout TestRunner) -> Void, randomizeSeed: UInt64,
        coverageOutputs: [(any CoverageFormat, String)]
    ) throws -> TestRun {
        let (testFiles, missing) = TestDiscovery.files(in: roots)
        if let missing = missing.first { throw CommandFailure.input("\(missing): no such file or directory") }
        let run: TestRun
        do {
            run = try TestSuites(files: testFiles).run(
                options: options, prepare: prepare, announce: { Output.error($0) })
        } catch {
            throw CommandFailure.input(lines: error.description)
        }
        if run.randomized > 0 {
            Output.error(
                "uniform test: randomize() shuffled \(run.randomized) test\(run.randomized == 1 ? "" : "s"); rerun this order with --randomize-seed \(randomizeSeed)"
            )
        }
        try ReportWriter.write(specs: formats.isEmpty ? ["text"] : formats, validNames: Reporters.testNames) {
            spec, color in
            if spec.name == TestTextReporter.name {
                return TestTextReporter(color: color, showsPassingOutput: world.verbose).report(run)
            }
            return Reporters.test(named: spec.name, color: color)?.report(run)
        }
        if let report = run.coverage { try write(report, to: coverageOutputs) }
        return run
    }

    /// The coverage files `--coverage-format` asked for, each checked like every output path.
    private func write(_ report: CoverageReport, to outputs: [(any CoverageFormat, String)]) throws {
        for (format, path) in outputs {
            let text = format.render(
                report, directory: FileManager.default.currentDirectoryPath, toolVersion: UniformVersion.current)
            do { try OutputPath.write(text, to: path) } catch let refusal as OutputPath.Refusal {
                throw CommandFailure.input(refusal.description)
            } catch {
                throw CommandFailure.input("\(path): cannot write the coverage file (\(error.localizedDescription))")
            }
        }
    }

    /// `--watch`: runs, then runs again whenever a file the last run read changes (or a test
    /// file appears beside the others), until Ctrl-C. A failing run or a broken input is
    /// reported and watched like a passing one; Ctrl-C ends the watch with status 0.
    private func watchRuns(
        _ once: () throws -> TestRun, roots: [String], lines: [String: [Int]], configuration: String?
    ) {
        let stop = StopRequest.onInterrupt()
        var watched = configuration.map { [$0] } ?? []
        TestWatch(stopRequested: stop.isRequested).loop(
            run: {
                do {
                    let run = try once()
                    // Folders change when a test file is added to or removed from them.
                    let folders = Set(run.files.map { ProjectPath.directory(of: $0) })
                    watched = run.inputs + roots + folders.sorted()
                    try verdict(of: run, roots: roots, lines: lines)
                } catch let failure as CommandFailure {
                    if !failure.message.isEmpty { Output.error(lines: "uniform: " + failure.message) }
                } catch {
                    Output.error(lines: "uniform: \(error)")
                }
                fflush(nil) // a piped run's report is seen now, not at exit
                return watched
            },
            announce: { changed in
                // A saved file, not the folder it was saved in (an editor's rename moves both).
                let files = changed.filter { path in
                    var folder: ObjCBool = false
                    return !(FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue)
                }
                let changed = files.isEmpty ? changed : files
                Output.print(
                    "\n──── \(changed.map { ReportText.line(Configuration.displayPath($0)) }.joined(separator: ", ")) changed: running again ────\n"
                )
            })
    }

    /// Exit status 1 for failures, nothing found or coverage below the threshold.
    private func verdict(of run: TestRun, roots: [String], lines: [String: [Int]]) throws {
        if run.results.isEmpty, !lines.isEmpty {
            let asked = paths.filter {
                TestSelection.fileAndLine($0) { FileManager.default.fileExists(atPath: $0) }.line != nil
            }
            throw CommandFailure.no(
                "no test starts at or contains \(asked.joined(separator: ", ")) (a line of a test's it(…) block selects it)"
            )
        }
        if run.results.isEmpty {
            throw CommandFailure.no(
                "no tests found in \(roots.joined(separator: ", ")) (test files are named *_test.lua or *_spec.lua)")
        }
        if run.counts.failed > 0 { throw CommandFailure.no() }
        // A threshold over no coverable line is vacuous: the rules it was meant for did not load.
        if coverageThreshold != nil, let report = run.coverage, report.coverableCount == 0 {
            throw CommandFailure.no(
                "--coverage-threshold: no rule-file line was coverable (no rule file of the repository was loaded), so there is no coverage to hold to a threshold"
            )
        }
        if let threshold = coverageThreshold, let report = run.coverage, report.percent < threshold {
            throw CommandFailure.no(
                String(format: "rule-file coverage %.1f%% is below the threshold %.1f%%", report.percent, threshold))
        }
    }
}
