import Foundation
import UniformCore

/// `uniform test` over a tree of projects: every test file is governed by its nearest
/// `.uniform.lua`, as SwiftLint's nested configurations govern files, so each suite runs in
/// the world its own configuration describes — run from `examples/`, the four examples each
/// get their own manifests, rules and severities.
public struct TestSuites {
    /// Files that share a configuration.
    public struct Suite: Sendable {
        /// The `.uniform.lua` that governs them, if any.
        public var configuration: String?
        public var files: [String]
    }

    public var suites: [Suite]

    /// Groups files by their nearest configuration, in the order the files come. A file that
    /// resolves outside the run's repository (the git work tree of `directory`, else that
    /// folder) gets no configuration of its own — a `.uniform.lua` beside it would be run —
    /// and the runner refuses it.
    public init(files: [String], directory: String = FileManager.default.currentDirectoryPath) {
        var order: [String?] = []
        var groups: [String: [String]] = [:]
        let none = "\u{0}"
        let boundary = RepositoryBoundary(startingAt: directory)
        for file in files {
            let absolute = CanonicalPath.ofParent(file, relativeTo: directory)
            let config =
                boundary.contains(CanonicalPath.of(file, relativeTo: directory))
                ? Configuration.find(from: ProjectPath.directory(of: absolute)) : nil
            let key = config ?? none
            if groups[key] == nil { order.append(config) }
            groups[key, default: []].append(file)
        }
        suites = order.map { Suite(configuration: $0, files: groups[$0 ?? none] ?? []) }
    }

    /// Runs every suite in its own session and joins the results in suite order.
    /// `prepare` adjusts each suite's runner (selection, coverage); `announce` is told which
    /// configuration a suite uses when there is more than one.
    public func run(
        options: SessionOptions, prepare: (inout TestRunner) -> Void = { _ in },
        announce: (String) -> Void = { _ in }
    ) throws(SessionError) -> TestRun {
        var results: [TestCaseResult] = []
        var files: [String] = []
        var duration = 0.0
        var coverage: [FileCoverage] = []
        var measured = false
        var inputs: [String] = []
        var randomized = 0
        for suite in suites {
            var suiteOptions = options
            if let configuration = suite.configuration { suiteOptions.configFile = configuration }
            let session = try Session.open(suiteOptions)
            if suites.count > 1 {
                let name =
                    suite.configuration.map { Configuration.displayPath($0, relativeTo: options.directory) }
                    ?? "no configuration"
                announce(
                    "\(suite.files.count) test file\(suite.files.count == 1 ? "" : "s") with \(name) (\(session.engine.inputs.manifests.count) manifest\(session.engine.inputs.manifests.count == 1 ? "" : "s"))"
                )
            }
            var runner = TestRunner(session: session, extraRules: options.rules, defines: options.repository.defines)
            prepare(&runner)
            let run = runner.run(suite.files)
            inputs += run.inputs + Self.worldFiles(of: session)
            randomized += run.randomized
            results += run.results
            files += run.files
            duration += run.duration
            if let report = run.coverage {
                coverage += report.files
                measured = true
            }
        }
        var run = TestRun(
            results: results, files: files, duration: duration,
            coverage: measured ? CoverageReport(files: coverage) : nil)
        var seen = Set<String>()
        run.inputs = inputs.filter { seen.insert($0).inserted }
        run.randomized = randomized
        return run
    }

    /// What a suite's world was read from: its configuration, xcconfigs, the manifests and the
    /// projects and folders they came from.
    static func worldFiles(of session: Session) -> [String] {
        let config = session.config
        return (config.file.map { [$0] } ?? []) + config.xcconfigs.map(config.resolve) + session.manifestPaths
            + session.engine.inputs.manifests.map(\.file)
    }
}

extension TestRunner {
    /// A runner for a session's world: its inputs, its configuration's rules, options and
    /// limits, the command line's extra rules and defines.
    public init(session: Session, extraRules: [String], defines: [String: String]) {
        let config = session.config
        self.init(
            inputs: session.engine.inputs,
            ruleFiles: config.rules.map(config.resolve) + extraRules,
            standardRules: config.standardRules,
            checkOptions: config.checkOptions,
            limits: config.limits,
            defines: config.defines.merging(defines) { _, cli in cli }
        )
        suppressions = config.suppressions
        settings = session.settings
        boundary = session.repositoryRoot
        modules = session.engine.modules
        if let policy = session.policy {
            // `Session.open` has read each of them from the revision already.
            for rule in config.rules.map(config.resolve) {
                if let bytes = try? policy.contents(of: rule) { ruleSources[rule] = [UInt8](bytes) }
            }
        }
    }
}
