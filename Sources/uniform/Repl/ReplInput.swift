/// Where REPL lines come from: the line editor on a terminal, plain standard input otherwise.
protocol ReplInput: AnyObject {
    func read(prompt: String) -> ReplRead
    /// Records an entered line in the history (a no-op without one).
    func remember(_ line: String)
}
