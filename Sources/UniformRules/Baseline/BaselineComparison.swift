import UniformCore

/// The result of checking findings against a baseline.
public struct BaselineComparison: Sendable {
    /// Findings the baseline does not accept: the ones to report.
    public var new: [Finding]
    /// Entries no finding matched any more.
    public var stale: [BaselineEntry]
    /// How many findings the baseline accepted.
    public var matched: Int

    /// Stale entries as findings at their line of the baseline: notes normally, errors with
    /// `--strict-baseline` (so CI insists the baseline shrinks as problems are fixed).
    public func staleFindings(baselineFile: String, strict: Bool) -> [Finding] {
        stale.map { entry in
            Finding(
                .baselineStale, variant: strict,
                message:
                    "baseline entry [\(entry.rule)] \(entry.file.isEmpty ? "" : "\(entry.file): ")\(entry.subject) no longer occurs; remove it (or write the baseline again with --write-baseline)",
                location: SourceLocation(file: baselineFile, line: entry.line), subject: entry.fingerprint)
        }
    }
}
