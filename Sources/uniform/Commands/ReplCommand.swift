import ArgumentParser
import Foundation

/// `uniform repl`: interactive exploration of a loaded world with the rule-file Lua API.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Explore manifests and rules interactively: Lua with the `uniform` API, plus :why, :type, :apps.",
        discussion: """
            On a terminal: line editing, history ($XDG_STATE_HOME/uniform/history), Tab completion, \
            Ctrl-C interrupts, Ctrl-D leaves. With piped input it evaluates each line (or multi-line \
            chunk), prints results, and exits 1 if any evaluation failed.
            """
    )

    @Argument(
        help:
            "Manifests, Xcode projects or workspaces, or directories, as `check` takes them (replace the configured projects and manifests). None: the .uniform.lua's, else what discovery finds under the current directory.",
        completion: .file()
    )
    var paths: [String] = []

    @OptionGroup var world: WorldOptions

    func run() throws {
        let options = world
        let paths = paths
        let interactive = isatty(STDIN_FILENO) != 0
        let editor = interactive ? LineEditor(historyPath: LineEditor.defaultHistoryPath()) : nil
        // `uniform repl .` or `uniform repl App.xcodeproj`, as `uniform check` is run (issue 30).
        let repl = try ReplSession(makeSession: { try options.makeSession(paths: paths) }, editor: editor)
        if !repl.run(), !interactive { throw CommandFailure.no() }
    }
}
