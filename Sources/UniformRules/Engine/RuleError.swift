import UniformCore
import UniformLua

/// A rule file that failed to load or a rule that failed to run, as the user sees it:
/// `rules/x.lua:12: message` and a traceback.
public struct RuleError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var traceback: String?

    public init(message: String, traceback: String? = nil) {
        self.message = message
        self.traceback = traceback
    }

    init(_ error: LuaError, context: String? = nil) {
        var text = error.message
        if let context { text += " (\(context))" }
        self.init(message: text, traceback: error.traceback)
    }

    /// The message, then the traceback. The message comes from a rule or test file, so it is on
    /// one line (`ReportText.line`); the traceback keeps a line per frame.
    public var description: String {
        guard var traceback, !traceback.isEmpty, traceback != message else { return ReportText.line(message) }
        // Lua's traceback starts with the message itself: said once.
        if traceback.hasPrefix(message + "\n") { traceback.removeFirst(message.count + 1) }
        return ReportText.line(message) + "\n" + Self.shown(traceback: traceback)
    }

    /// A Lua traceback with a line per frame: Lua starts each frame with a tab after
    /// `stack traceback:`, so a line break followed by anything else came from input (the error
    /// message, a file name) and is shown as `\n` inside its line (`ReportText.line`).
    public static func shown(traceback: String) -> String {
        var lines: [String] = []
        for part in traceback.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.isEmpty || part.hasPrefix("\t") || part == "stack traceback:" {
                lines.append(String(part))
            } else {
                lines[lines.count - 1] += "\n" + part
            }
        }
        return lines.map(ReportText.line).joined(separator: "\n")
    }
}
