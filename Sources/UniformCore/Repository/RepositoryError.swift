/// Input that makes loading a repository impossible: a missing file, a project or settings
/// file that does not read, a path that links out, a world with nothing in it where one is
/// required. The description names the file.
public struct RepositoryError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
