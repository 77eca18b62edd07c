import Foundation
import UniformCore

/// Writes to standard output and standard error: the sinks every line of the CLI goes through.
///
/// A CI runner reads both line by line, and a hostile pull request controls the manifests,
/// projects, rules and file names the text is made of (see `ReportText`). The renderers escape
/// what came from input as they put it in; these sinks are the last guard: no line they write
/// can start a workflow command (`ReportText.inert`).
enum Output {
    /// A report or an answer the tool laid out (its pieces from input already escaped).
    static func print(_ text: String) {
        Swift.print(ReportText.inert(text))
    }

    /// GitHub workflow commands (`--format github`): every line is one on purpose, built by
    /// `GitHubCommand`, which encodes what could end it.
    static func printCommands(_ text: String) {
        Swift.print(text)
    }

    /// One message: it is written on one line, whatever its pieces held (`ReportText.line`).
    static func error(_ message: String) {
        write(ReportText.line(message))
    }

    /// A message of several lines the tool laid out itself (a rule's error with its traceback,
    /// a session error listing what it could not read): line breaks kept, control and
    /// invisible characters escaped.
    static func error(lines text: String) {
        write(ReportText.visible(text))
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data((ReportText.inert(text) + "\n").utf8))
    }
}
