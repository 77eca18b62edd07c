import CEditLineShim
import Foundation
import UniformLua
import UniformRules

/// The terminal side of the REPL: libedit's line editing, completion and persistent history,
/// through the `CEditLineShim` C target (Swift cannot set libedit's globals itself).
///
/// One per process: libedit's readline interface is global state.
final class LineEditor: ReplInput {
    /// Holds the completion closure for the C callback's context pointer.
    private final class CompletionBox {
        let complete: (String, Int) -> Completer.Completion
        init(_ complete: @escaping (String, Int) -> Completer.Completion) { self.complete = complete }
    }

    private let historyPath: String?
    private var completion: Unmanaged<CompletionBox>?

    /// `historyPath` is created (with its folder) on the first line entered; nil: no history file.
    init(historyPath: String?, historyLimit: Int = 1000) {
        self.historyPath = historyPath
        ues_initialize("uniform")
        ues_history_limit(Int32(historyLimit))
        if let historyPath, FileManager.default.fileExists(atPath: historyPath) { _ = ues_history_load(historyPath) }
        ues_install_sigint_handler()
    }

    deinit {
        ues_set_completer(nil, nil)
        completion?.release()
    }

    /// `$XDG_STATE_HOME/uniform/history`, else `~/.local/state/uniform/history` (XDG base dirs).
    static func defaultHistoryPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/uniform/history" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/uniform/history"
    }

    /// Sets what Tab offers; the closure gets the line and the cursor (in Unicode scalars).
    func setCompleter(_ complete: @escaping (String, Int) -> Completer.Completion) {
        completion?.release()
        let box = Unmanaged.passRetained(CompletionBox(complete))
        completion = box
        ues_set_completer(
            { line, cursor, start, matches, context in
                guard let line, let context else { return }
                let box = Unmanaged<CompletionBox>.fromOpaque(context).takeUnretainedValue()
                let result = box.complete(String(cString: line), Int(cursor))
                start?.pointee = Int32(clamping: result.start)
                for candidate in result.candidates { ues_matches_add(matches, candidate) }
            }, box.toOpaque())
    }

    func read(prompt: String) -> ReplRead {
        fflush(nil)
        _ = ues_take_interrupt()
        guard let raw = ues_readline(prompt) else {
            if ues_take_interrupt() != 0 {
                Swift.print("^C")
                return .interrupted
            }
            Swift.print("")
            return .end
        }
        defer { ues_free(raw) }
        return .line(String(cString: raw))
    }

    func remember(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        ues_history_add(line)
        guard let historyPath else { return }
        let folder = (historyPath as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = ues_history_save(historyPath)
    }

    /// Forwards every SIGINT to `limits` (a Lua state's interrupt flag) while set.
    func interrupt(_ handle: LuaInterruptHandle?) {
        ues_set_interrupt_target(handle == nil ? nil : LuaInterruptHandle.signalSafeInterrupt, handle?.signalContext)
    }

    /// Apple's own libedit passes only ASCII to the line (see shim.c); Homebrew's reads Unicode.
    var readsUnicode: Bool { ues_reads_unicode() != 0 }

    /// Whether Ctrl-C arrived since the last check (clears it).
    func takeInterrupt() -> Bool { ues_take_interrupt() != 0 }
}
