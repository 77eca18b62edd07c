/// Input that makes a run impossible: a missing file, a configuration or project that does not
/// read, a world with nothing in it. The CLI prints it and exits with status 2.
public struct SessionError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
