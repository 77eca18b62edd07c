import Foundation
import UniformCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Xcode-style diagnostics (`path:line:col: error: message [rule]`), which editors and
/// terminals already turn into clickable links, followed by a one-line summary.
public struct TextReporter: FindingReporter {
    public static let name = "text"

    /// Colour is decided by the caller (see `shouldColor`), never sniffed here, so output
    /// written to a file or a test is plain.
    public var color: Bool

    public init(color: Bool = false) { self.color = color }

    /// Colour only for a terminal, and never when `NO_COLOR` is set to a non-empty value
    /// (the no-color.org convention) or `TERM` is `dumb`.
    public static func shouldColor(
        fileDescriptor: Int32 = STDOUT_FILENO,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) != 0
    }

    public func report(_ run: CheckRun) -> String {
        var out = ""
        for finding in run.findings { out += line(for: finding) + "\n" }
        return ReportText.inert(out + Self.summary(of: run) + "\n")
    }

    /// `0 errors, 2 warnings, 5 notes in 6 manifests`: the last line, and what `check` says on
    /// standard error when every report goes to a file.
    public static func summary(of run: CheckRun) -> String {
        let counts = run.counts
        return "\(plural(counts.errors, "error")), \(plural(counts.warnings, "warning")), "
            + "\(plural(counts.notes, "note")) in \(plural(run.manifests.count, "manifest"))"
    }

    /// One diagnostic, on one line: the message, the file and the rule id come from manifests,
    /// file names and rule files, so a line break in them is shown as `\n` (`ReportText.line`) —
    /// an Xcode Run Script or a CI log would take a new line for a diagnostic or a command of its
    /// own. Binary plists have no lines, so the byte offset goes in the message.
    func line(for finding: Finding) -> String {
        let label = ANSIStyle.forSeverity(finding.severity).apply(finding.severity.rawValue + ":", enabled: color)
        var message = ReportText.line(finding.message)
        var prefix = ""
        if let location = finding.location {
            if let line = location.line {
                prefix = "\(ReportText.line(location.file)):\(line):" + (location.column.map { "\($0):" } ?? "") + " "
            } else {
                prefix = "\(ReportText.line(location.file)): "
                if let offset = location.offset { message += " (at byte offset \(offset))" }
            }
        }
        return ReportText.inert("\(prefix)\(label) \(message) [\(ReportText.line(finding.rule))]")
    }
}
