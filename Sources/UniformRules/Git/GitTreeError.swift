/// Why a revision could not be read. The description names the revision as the user wrote it
/// and, where one is at fault, the path in the tree.
public struct GitTreeError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// git is missing, or the directory is not in a work tree.
        case notARepository
        /// The revision names no commit.
        case unknownRevision
        /// One file is over `GitTreeLimits.maxFileBytes`.
        case fileTooLarge
        /// The files to read add up to more than `GitTreeLimits.maxTotalBytes`.
        case tooManyBytes
        /// More files to read than `GitTreeLimits.maxFiles`.
        case tooManyFiles
        /// The tree lists more entries than `GitTreeLimits.maxTreeEntries`.
        case tooManyEntries
        /// The path names something that is not a file's bytes (a symbolic link, a submodule, a folder).
        case notAFile
        /// git failed, or said something unexpected.
        case gitFailed
        /// The destination folder could not be written.
        case cannotWrite
    }

    public var kind: Kind
    public var revision: String?
    public var path: String?
    public var description: String

    public init(_ kind: Kind, revision: String?, path: String? = nil, _ description: String) {
        self.kind = kind
        self.revision = revision
        self.path = path
        self.description = description
    }
}
