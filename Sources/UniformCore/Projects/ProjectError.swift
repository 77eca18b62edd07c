import UniformPlist

/// A project file that cannot be read: `file:line: message`, exit status 2 in the CLI.
public struct ProjectError: Error, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    init(_ error: PlistError, file: String) {
        self.init(
            location: SourceLocation(file: file, line: error.mark?.line, column: error.mark?.column),
            message: error.message)
    }

    public var description: String { "\(location): \(message)" }
}
