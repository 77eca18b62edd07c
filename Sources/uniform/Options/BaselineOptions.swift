import ArgumentParser
import Foundation
import UniformCore
import UniformRules

/// `uniform check`'s suppressions and baselines: what turns "every finding" into "the findings
/// this change is responsible for".
struct BaselineOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Report only findings not recorded in this baseline, and the baseline's entries that no longer occur.",
            valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(
        help: ArgumentHelp("Record the current findings (after suppressions) in a baseline file.", valueName: "FILE"),
        completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    @Flag(help: "With --baseline, baseline entries that no longer occur are errors.")
    var strictBaseline = false

    func validate() throws {
        if strictBaseline && baseline == nil { throw ValidationError("--strict-baseline needs --baseline FILE") }
    }

    /// Runs the checks, applies suppressions (configured and inline), writes or applies the
    /// baseline. Files in the baseline are relative to the configuration's directory.
    func findings(of session: Session) throws -> [Finding] {
        var findings = session.checkedFindings()
        let base = session.config.directory
        // The git work tree holding the run's folder: a link committed in it must not take the
        // baseline's read or write outside.
        let repository = RepositoryBoundary(startingAt: FileManager.default.currentDirectoryPath)
        if let path = writeBaseline {
            let written = Baseline(findings: findings, base: base)
            do { try OutputPath.write(written.text, to: path) } catch let refusal as OutputPath.Refusal {
                throw CommandFailure.input(refusal.description)
            } catch {
                throw CommandFailure.input("\(path): cannot write the baseline (\(error.localizedDescription))")
            }
            Output.error(
                "uniform: recorded \(written.entries.count) finding\(written.entries.count == 1 ? "" : "s") in \(path)")
        }
        if let path = baseline {
            let accepted: Baseline
            do {
                if let policy = session.policy {
                    // The accepted findings are policy: a pull request must not accept its own.
                    guard let data = try policy.contents(of: path) else {
                        throw CommandFailure.input("\(path): no such baseline in \(policy.revision)")
                    }
                    accepted = try Baseline.read(file: path, contents: data)
                } else {
                    accepted = try Baseline.read(file: path, repository: repository)
                }
            } catch let error as PolicyError {
                throw CommandFailure.input(error.description)
            } catch let error as Baseline.ReadError {
                throw CommandFailure.input(error.description)
            }
            let comparison = accepted.compare(findings, base: base)
            findings = (comparison.new + comparison.staleFindings(baselineFile: path, strict: strictBaseline)).sorted(
                by: Finding.reportOrder)
            Output.error(
                "uniform: \(comparison.matched) finding\(comparison.matched == 1 ? "" : "s") accepted by \(path), \(comparison.stale.count) stale baseline entr\(comparison.stale.count == 1 ? "y" : "ies")"
            )
        }
        return findings
    }
}
