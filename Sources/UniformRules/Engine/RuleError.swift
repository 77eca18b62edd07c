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

    public var description: String {
        guard let traceback, !traceback.isEmpty, traceback != message else { return message }
        return message + "\n" + traceback
    }
}
