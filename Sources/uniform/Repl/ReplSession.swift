import Foundation
import UniformCore
import UniformLua
import UniformRules

/// The read–evaluate–print loop over one loaded world: Lua chunks run in the rule engine's
/// sandboxed state, `:` commands go to `ReplCommandHandler`.
///
/// Interactive (a terminal): prompts, line editing, Ctrl-C interrupts the running chunk, and
/// evaluation has no instruction or time limit (Ctrl-C is the limit). Scripted (piped input):
/// no prompts, the configured limits, and errors cite the input's own line numbers.
final class ReplSession {
    let prompt = "uniform> "
    let continuationPrompt = "uniform>> "

    private let makeSession: () throws -> Session
    private(set) var session: Session
    private let input: ReplInput
    private let editor: LineEditor?
    private var accumulator: InputAccumulator
    /// Files `:load`ed here, re-run by `:reload`.
    private var loadedFiles: [String] = []
    private var interruptHandle: LuaInterruptHandle?
    /// The input line the current chunk starts on (scripted mode numbering).
    private var chunkStartLine = 1
    private(set) var failures = 0
    /// The platform `:platform` chose: Lua chunks and commands run in its world. nil: per
    /// platform (a Lua query in a world of both must then say which).
    var platform: Platform?

    var engine: RuleEngine { session.engine }
    var isInteractive: Bool { editor != nil }

    init(makeSession: @escaping () throws -> Session, editor: LineEditor?) throws {
        self.makeSession = makeSession
        self.editor = editor
        self.input = editor ?? ScriptedInput()
        session = try makeSession()
        accumulator = InputAccumulator(state: session.engine.state)
        configure()
    }

    /// Wires the current engine to Ctrl-C, the completer and the interactive limits.
    private func configure() {
        accumulator = InputAccumulator(state: engine.state)
        guard let editor else { return }
        var limits = engine.state.limits
        limits.instructions = 0
        limits.deadlineSeconds = 0
        limits.runDeadline = 0 // a person at the keyboard has Ctrl-C
        limits.maxPrintBytes = 0
        engine.state.limits = limits
        let handle = engine.state.interruptHandle
        interruptHandle = handle
        editor.interrupt(handle)
        var completer = Completer(
            engine: engine, commands: ReplCommandHandler.commands.map(\.name),
            targetCommands: ReplCommandHandler.targetCommands, fileCommands: ReplCommandHandler.fileCommands)
        completer.commandOptions = ReplCommandHandler.options
        completer.platformCommands = [":platform"]
        editor.setCompleter { line, cursor in completer.complete(line: line, cursor: cursor) }
    }

    /// Runs until `:quit` or the end of input. Returns whether every evaluation succeeded.
    func run() -> Bool {
        if isInteractive { banner() }
        let commands = ReplCommandHandler(repl: self)
        var lineNumber = 0
        loop: while true {
            let read = input.read(prompt: accumulator.isContinuing ? continuationPrompt : prompt)
            switch read {
            case .end:
                if accumulator.isContinuing {
                    report(
                        "unexpected end of input: the chunk from line \(chunkStartLine) is unfinished",
                        line: chunkStartLine)
                    failures += 1
                }
                break loop
            case .interrupted:
                accumulator.reset()
                continue loop
            case .line(let line):
                lineNumber += 1
                input.remember(line)
                if !accumulator.isContinuing, line.trimmingCharacters(in: .whitespaces).hasPrefix(":") {
                    chunkStartLine = lineNumber
                    switch commands.run(line) {
                    case .ok: break
                    case .failed: failures += 1
                    case .quit: break loop
                    }
                    continue loop
                }
                if !accumulator.isContinuing {
                    chunkStartLine = lineNumber
                    accumulator.lineOffset = isInteractive ? 0 : lineNumber - 1
                }
                evaluate(accumulator.add(line))
            }
        }
        editor?.interrupt(nil)
        fflush(nil)
        return failures == 0
    }

    private func banner() {
        let apps = engine.world.apps.count
        let rules = engine.loadedFiles.count
        output(
            "uniform \(UniformVersion.current) — \(apps) app\(apps == 1 ? "" : "s"), \(rules) rule file\(rules == 1 ? "" : "s") loaded. :help for commands, Ctrl-D to leave."
        )
        if let editor, !editor.readsUnicode {
            output(
                "(macOS's own libedit passes only ASCII: other characters arrive as '?'. Build with Homebrew's libedit to type them: see README.)"
            )
        }
    }

    private func evaluate(_ outcome: InputAccumulator.Outcome) {
        switch outcome {
        case .needsMore, .empty: return
        case .failed(let error, _):
            failures += 1
            report(ReportText.line(error.message))
        case .ready(let function, _, _):
            do {
                let results = try engine.withPlatform(platform) { try engine.state.call(function) }
                _ = editor?.takeInterrupt()
                if !results.isEmpty {
                    output(engine.withPlatform(platform) { ValuePrinter(engine: engine).render(results) })
                }
            } catch let error as LuaError {
                _ = editor?.takeInterrupt()
                failures += 1
                // The terminal echoed `^C` mid-line: start the message on a line of its own.
                report(
                    error.limitKind == .interrupted
                        ? (isInteractive ? "\n" : "") + "interrupted" + ReportText.line(Self.location(error))
                        : ReportText.line(error.message))
            } catch {
                failures += 1
                report(Self.describe(error))
            }
        }
    }

    private static func location(_ error: LuaError) -> String {
        guard let location = error.location else { return "" }
        return " (at \(location.file):\(location.line))"
    }

    // MARK: commands' services

    /// `:load FILE`: runs a rule file in this session and remembers it for `:reload`.
    func load(file: String) -> Bool {
        guard FileManager.default.fileExists(atPath: file) else {
            report(ReportText.line("\(file): no such rule file"))
            return false
        }
        do {
            try engine.load(file: file)
            if !loadedFiles.contains(file) { loadedFiles.append(file) }
            return true
        } catch {
            report(Self.describe(error))
            return false
        }
    }

    /// `:reload`: a fresh session from the same options (manifests and rules re-read), then the
    /// `:load`ed files again. Lua globals set at the prompt are gone. On failure the old session
    /// stays.
    func reload() -> Bool {
        let fresh: Session
        do { fresh = try makeSession() } catch let failure as CommandFailure {
            report(failure.message + " (the previous session is kept)")
            return false
        } catch {
            report(Self.describe(error) + " (the previous session is kept)")
            return false
        }
        editor?.interrupt(nil)
        session = fresh
        configure()
        var ok = true
        for file in loadedFiles where !load(file: file) { ok = false }
        output("reloaded: \(engine.world.apps.count) apps, \(engine.loadedFiles.count) rule files")
        return ok
    }

    /// Whether a message starts with `file:line:` already.
    static func hasLocation(_ message: String) -> Bool {
        message.range(of: #"^[^\s:]+:[0-9]+:"#, options: .regularExpression) != nil
    }

    /// Results and command output: standard output.
    func output(_ text: String) {
        Output.print(text)
    }

    /// Errors: standard error, after flushing standard output so piped output stays in order.
    /// Scripted, they cite the input line unless the message already has a `file:line:`. The
    /// message is laid out already: what came from input in it is escaped (`ReportText.line`).
    func report(_ message: String, line: Int? = nil) {
        fflush(nil)
        var text = message
        if !isInteractive, !Self.hasLocation(message) { text = "stdin:\(line ?? chunkStartLine): " + message }
        Output.error(lines: text)
    }

    /// An error as `report` takes it: a rule's error keeps its traceback's lines, any other is
    /// one line.
    static func describe(_ error: Error) -> String {
        (error as? RuleError)?.description ?? ReportText.line("\(error)")
    }
}
