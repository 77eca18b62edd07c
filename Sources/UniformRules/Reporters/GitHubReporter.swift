import UniformCore

/// GitHub Actions workflow commands, which GitHub turns into annotations on the pull
/// request's diff. Notes become `::notice`.
public struct GitHubReporter: FindingReporter {
    public static let name = "github"

    public init() {}

    public func report(_ run: CheckRun) -> String {
        run.findings.map {
            command(for: $0, base: run.annotationBase ?? run.baseDirectory, from: run.workingDirectory).rendered + "\n"
        }.joined()
    }

    func command(for finding: Finding, base: String?, from workingDirectory: String? = nil) -> GitHubCommand {
        let location = finding.location
        var message = finding.message
        if let location, location.line == nil, let offset = location.offset {
            message += " (at byte offset \(offset))"
        }
        return GitHubCommand(
            command: Self.command(for: finding.severity),
            properties: [
                ("file", location.map { ReportPath.relative($0.file, to: base, from: workingDirectory) }),
                // GitHub needs lines and columns from 1; a rule may report any number.
                ("line", location?.line.flatMap { $0 >= 1 ? String($0) : nil }),
                (
                    "col",
                    location?.line.flatMap { $0 >= 1 ? location?.column.flatMap { $0 >= 1 ? String($0) : nil } : nil }
                ),
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
