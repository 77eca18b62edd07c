/// An `.xcconfig` named by the user that cannot be read: a usage error, since every answer
/// would silently depend on settings that were never applied.
public struct XCConfigError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
