/// Turns the findings of one `uniform check` run into text for a person or a CI system.
///
/// One protocol for every format (SwiftLint's shape) so the CLI can run several at once
/// (`--format text --format junit:report.xml`) without knowing any of them.
public protocol FindingReporter {
    /// The name used on the command line (`--format NAME`).
    static var name: String { get }
    /// The whole report. Pure: the same run always gives the same bytes.
    func report(_ run: CheckRun) -> String
}
