/// An error from loading or running Lua: syntax, runtime, or a limit.
///
/// `message` is Lua's own (`rules/a.lua:12: attempt to index a nil value`); `traceback` is the
/// stack at the point of the error (nil for syntax errors and raw memory errors).
public struct LuaError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case syntax
        case runtime
        case limit(LuaLimitKind)
    }

    public var kind: Kind
    public var message: String
    public var traceback: String?
    public var location: LuaSourceLocation?

    public init(kind: Kind, message: String, traceback: String? = nil, location: LuaSourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        self.location = location ?? LuaSourceLocation.parse(message)
    }

    /// A syntax error at the end of input: the REPL should read another line (as `lua.c` does).
    public var isIncompleteInput: Bool { kind == .syntax && message.hasSuffix("<eof>") }

    public var limitKind: LuaLimitKind? {
        if case .limit(let k) = kind { return k }
        return nil
    }

    public var description: String { traceback ?? message }

    static func closed() -> LuaError { LuaError(kind: .runtime, message: "the Lua state is closed") }
}
