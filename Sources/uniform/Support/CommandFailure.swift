/// Ends a command with a message on standard error and an exit status.
///
/// Input errors (a manifest that does not parse, a bad annotation) are status 2; answers that
/// are "no" (a refused send, `conforms` false, findings) are status 1.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32

    static func input(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 2) }
    static func no(_ message: String = "") -> CommandFailure { CommandFailure(message: message, exitCode: 1) }
}
