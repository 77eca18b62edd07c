/// Turns the results of one `uniform test` run into text for a person or a CI system; the
/// counterpart of `FindingReporter`, so the runner can write several formats at once.
public protocol TestReporter {
    /// The name used on the command line (`--format NAME`).
    static var name: String { get }
    func report(_ run: TestRun) -> String
}
