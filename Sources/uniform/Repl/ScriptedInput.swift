import Foundation

/// Piped standard input: no prompt, no history, no editing; lines exactly as given.
final class ScriptedInput: ReplInput {
    /// Input lines read so far (so errors can cite the input's own line numbers).
    private(set) var lineNumber = 0

    func read(prompt: String) -> ReplRead {
        guard let line = Swift.readLine(strippingNewline: true) else { return .end }
        lineNumber += 1
        return .line(line)
    }

    func remember(_ line: String) {}
}
