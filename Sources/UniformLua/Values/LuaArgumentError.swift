/// Thrown by `LuaCallContext` accessors; becomes the Lua error
/// `file:line: bad argument #2 to 'name' (string expected, got nil)` at the caller's position.
public struct LuaArgumentError: Error, CustomStringConvertible, Sendable {
    public var index: Int
    public var functionName: String?
    public var problem: String

    public init(index: Int, functionName: String?, problem: String) {
        self.index = index
        self.functionName = functionName
        self.problem = problem
    }

    public var description: String {
        "bad argument #\(index) to '\(functionName ?? "?")' (\(problem))"
    }
}
