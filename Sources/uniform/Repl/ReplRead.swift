/// What reading one line of REPL input produced.
enum ReplRead: Equatable {
    case line(String)
    /// Ctrl-C at the prompt: drop the line (and any chunk in progress), prompt again.
    case interrupted
    /// Ctrl-D on an empty line, or the end of piped input.
    case end
}
