import UniformCore

/// Ends a command with a message on standard error and an exit status.
///
/// Input errors (a manifest that does not parse, a bad annotation) are status 2; answers that
/// are "no" (a refused send, `conforms` false, findings) are status 1. A message is one line:
/// the paths, names and errors in it come from input (`ReportText.line`); `input(lines:)` is
/// for the errors that lay out lines of their own (a rule's traceback, a session's list).
struct CommandFailure: Error {
    /// As written: escaped already.
    var message: String
    var exitCode: Int32

    static func input(_ message: String) -> CommandFailure {
        CommandFailure(message: ReportText.line(message), exitCode: 2)
    }

    static func input(lines message: String) -> CommandFailure {
        CommandFailure(message: ReportText.visible(message), exitCode: 2)
    }

    static func no(_ message: String = "") -> CommandFailure {
        CommandFailure(message: ReportText.line(message), exitCode: 1)
    }
}
