/// GitHub Actions workflow commands, which GitHub turns into annotations on the pull
/// request's diff. Notes become `::notice`.
public struct GitHubReporter: FindingReporter {
    public static let name = "github"

    public init() {}

    public func report(_ run: CheckRun) -> String {
        run.findings.map { command(for: $0, base: run.baseDirectory).rendered + "\n" }.joined()
    }

    func command(for finding: Finding, base: String?) -> GitHubCommand {
        let location = finding.location
        var message = finding.message
        if let location, location.line == nil, let offset = location.offset {
            message += " (at byte offset \(offset))"
        }
        return GitHubCommand(
            command: Self.command(for: finding.severity),
            properties: [
                ("file", location.map { ReportPath.relative($0.file, to: base) }),
                ("line", location?.line.map(String.init)),
                ("col", location?.column.map(String.init)),
                ("title", finding.rule),
            ],
            message: message
        )
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }
}
