import UniformLua

/// Gathers REPL input lines into one chunk, the way `lua.c` does: a chunk is first compiled as
/// `return <chunk>` (so `1 + 1` or `uniform.type(".pdb")` prints its value), then as a statement;
/// a syntax error at `<eof>` means the chunk is incomplete and the next line continues it.
///
/// Compiling never runs anything, so feeding lines is side-effect free; the caller runs the
/// function it gets back. A statement's top-level `local`s become session variables
/// (`SessionLocals`), as a person at a prompt expects.
public final class InputAccumulator {
    /// What the lines so far amount to.
    public enum Outcome {
        /// Incomplete: show the continuation prompt and read another line.
        case needsMore
        /// A compiled chunk; `isExpression` when it was compiled as `return <chunk>`.
        case ready(LuaFunction, source: String, isExpression: Bool)
        /// A syntax error that more input cannot fix.
        case failed(LuaError, source: String)
        /// Nothing but blank lines.
        case empty
    }

    let state: LuaState
    let chunkName: String
    /// Blank lines put before the chunk so Lua's line numbers match the input's (scripted mode).
    public var lineOffset = 0
    public private(set) var lines: [String] = []

    public init(state: LuaState, chunkName: String = "=stdin") {
        self.state = state
        self.chunkName = chunkName
    }

    /// Whether a chunk is in progress (the continuation prompt is due).
    public var isContinuing: Bool { !lines.isEmpty }

    /// Adds a line and compiles everything so far. Any outcome but `needsMore` ends the chunk.
    public func add(_ line: String) -> Outcome {
        if lines.isEmpty, line.allSatisfy(\.isWhitespace) { return .empty }
        if lines.isEmpty, line.hasPrefix("=") {
            // Lua 5.1's `=expr` shorthand, still muscle memory for many.
            lines.append("return " + line.dropFirst())
        } else {
            lines.append(line)
        }
        let source = lines.joined(separator: "\n")
        let padding = String(repeating: "\n", count: max(0, lineOffset))
        var expressionIncomplete = false
        do {
            let f = try state.load(padding + "return " + source, chunkName: chunkName)
            reset()
            return .ready(f, source: source, isExpression: true)
        } catch let error as LuaError {
            // `1 +` is an unfinished expression even though it is a broken statement.
            expressionIncomplete = error.isIncompleteInput
        } catch {}
        do {
            // A top-level `local` keeps its variable for the session (`SessionLocals`).
            let f = try state.load(padding + SessionLocals.promote(source), chunkName: chunkName)
            reset()
            return .ready(f, source: source, isExpression: false)
        } catch let error as LuaError {
            if error.isIncompleteInput || expressionIncomplete { return .needsMore }
            reset()
            return .failed(error, source: source)
        } catch {
            reset()
            return .failed(LuaError(kind: .syntax, message: "\(error)"), source: source)
        }
    }

    /// Drops a chunk in progress (Ctrl-C at the continuation prompt).
    public func reset() { lines = [] }
}
