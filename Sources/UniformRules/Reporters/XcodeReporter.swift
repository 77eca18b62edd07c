import UniformCore

/// Diagnostics for an Xcode "Run Script" build phase: Xcode turns output lines of the form
/// `path:line:col: warning: message` into issues on the source line and in the Issue navigator.
/// Paths are absolute (as SwiftLint's `xcode` reporter prints them), because the script's
/// directory is not the one Xcode opens files from; no colour, no summary line.
public struct XcodeReporter: FindingReporter {
    public static let name = "xcode"

    public init() {}

    public func report(_ run: CheckRun) -> String {
        ReportText.inert(run.findings.map { line(for: $0, from: run.workingDirectory) + "\n" }.joined())
    }

    func line(for finding: Finding, from workingDirectory: String?) -> String {
        var located = finding
        // `<system catalog>` and the like name no file; they stay as they are.
        if var location = finding.location, !location.file.hasPrefix("<") {
            location.file = CanonicalPath.ofParent(location.file, relativeTo: workingDirectory)
            located.location = location
        }
        return TextReporter(color: false).line(for: located)
    }
}
