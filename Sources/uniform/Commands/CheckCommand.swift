import ArgumentParser
import Foundation
import UniformCore
import UniformRules

/// `uniform check [PATH…]`: the batch runner — every rule over every manifest, for CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run the standard rules and your Lua checks over manifests and report findings.",
        discussion: """
            Exit status: 0 clean, 1 when a finding is an error (or a warning with --strict), 2 for usage \
            errors or rule files that fail to load. Several reporters can run at once: \
            --format text --format sarif:out.sarif
            """
    )

    @Argument(
        help:
            "Manifests, Xcode projects or workspaces, or directories (replace the configured projects and manifests). None: the .uniform.lua's, else the Xcode projects found under the current directory, else its Info.plists.",
        completion: .file()
    )
    var paths: [String] = []

    @OptionGroup var world: WorldOptions

    @Option(
        name: .customLong("format"),
        help: ArgumentHelp(
            "A reporter (text, json, junit, tap, sarif, github, xcode), optionally writing to a file: junit:report.xml (repeatable).",
            valueName: "F[:FILE]"), completion: .list(Reporters.findingNames))
    var formats: [String] = []

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @OptionGroup var baseline: BaselineOptions

    /// A misspelt reporter is a usage error before anything is read.
    func validate() throws {
        for format in formats {
            do { _ = try ReporterSpec(parsing: format, validNames: Reporters.findingNames) } catch {
                throw ValidationError("--format \(format): \(error)")
            }
        }
    }

    func run() throws {
        var options = world
        options.tolerateBrokenManifests = true
        let session = try options.makeSession(
            paths: paths, standardRules: true, requireManifests: true, reportsFindings: true,
            output: { Output.error($0) })
        let findings = try baseline.findings(of: session)
        // Files are named from the repository's root in SARIF and GitHub reports, whichever
        // folder the run started in; GitHub's own checkout wins when the workflow sets it.
        var run = CheckRun(
            findings: findings, manifests: session.engine.world.apps.filter { !$0.isContext }.map(\.file),
            rules: session.engine.ruleInfos,
            toolVersion: UniformVersion.current, baseDirectory: session.repositoryRoot)
        run.workingDirectory = FileManager.default.currentDirectoryPath
        run.annotationBase = ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"].flatMap {
            $0.isEmpty ? nil : RepositoryBoundary(root: $0).root
        }
        run.strict = strict
        if formats.isEmpty, let outside = session.configuredReportsOutsideRepository().first {
            throw CommandFailure.input(
                "reporters = { \"\(outside)\" } in .uniform.lua writes outside the repository; name a path inside it (or pass --format)"
            )
        }
        let specs = formats.isEmpty ? (session.config.reporters.isEmpty ? ["text"] : session.config.reporters) : formats
        let shown = try ReportWriter.write(specs: specs, validNames: Reporters.findingNames) { spec, color in
            guard let reporter = Reporters.finding(named: spec.name, color: color) else { return nil }
            return reporter.report(run)
        }
        // Every report went to a file: the terminal (or the CI log) still gets the count.
        if !shown { Output.error(TextReporter.summary(of: run)) }
        let counts = SeverityCounts(findings)
        if counts.errors > 0 || (strict && counts.warnings > 0) { throw CommandFailure.no() }
    }
}
