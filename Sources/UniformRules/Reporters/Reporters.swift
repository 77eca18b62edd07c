/// The registry of reporters by command-line name, so the CLI's `--format` is checked in one
/// place and help text lists exactly what exists.
public enum Reporters {
    /// Formats of `uniform check`, in the order help text lists them.
    public static let findingNames = [
        TextReporter.name, JSONReporter.name, JUnitReporter.name, TAPReporter.name, SARIFReporter.name,
        GitHubReporter.name, XcodeReporter.name,
    ]
    /// Formats of `uniform test`.
    public static let testNames = [
        TestTextReporter.name, TestJSONReporter.name, TestJUnitReporter.name, TestTAPReporter.name,
        TestGitHubReporter.name,
    ]

    /// `color` only affects `text`; the caller decides it once per destination
    /// (`TextReporter.shouldColor` for the terminal, false for files).
    public static func finding(named name: String, color: Bool) -> (any FindingReporter)? {
        switch name {
        case TextReporter.name: TextReporter(color: color)
        case JSONReporter.name: JSONReporter()
        case JUnitReporter.name: JUnitReporter()
        case TAPReporter.name: TAPReporter()
        case SARIFReporter.name: SARIFReporter()
        case GitHubReporter.name: GitHubReporter()
        case XcodeReporter.name: XcodeReporter()
        default: nil
        }
    }

    public static func test(named name: String, color: Bool) -> (any TestReporter)? {
        switch name {
        case TestTextReporter.name: TestTextReporter(color: color)
        case TestJSONReporter.name: TestJSONReporter()
        case TestJUnitReporter.name: TestJUnitReporter()
        case TestTAPReporter.name: TestTAPReporter()
        case TestGitHubReporter.name: TestGitHubReporter()
        default: nil
        }
    }
}
