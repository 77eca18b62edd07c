/// GitHub Actions annotations for failed and errored tests, placed at the failing line so
/// the pull request shows them in the diff of the test or rule file.
public struct TestGitHubReporter: TestReporter {
    public static let name = "github"

    public init() {}

    public func report(_ run: TestRun) -> String {
        run.results.filter(\.status.isFailure).map { command(for: $0).rendered + "\n" }.joined()
    }

    func command(for result: TestCaseResult) -> GitHubCommand {
        var message = result.message ?? (result.status == .errored ? "error" : "failed")
        if let traceback = result.traceback, !traceback.isEmpty { message += "\n" + traceback }
        return GitHubCommand(
            command: "error",
            properties: [
                ("file", result.location?.file ?? result.file),
                ("line", result.location?.line.map(String.init)),
                ("col", result.location?.column.map(String.init)),
                ("title", result.displayName),
            ],
            message: message
        )
    }
}
