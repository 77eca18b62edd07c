/// One entry of a revision's tree as `git ls-tree -r` lists it: a path from the repository's
/// root and what git stores there. Nothing about it depends on `.gitattributes`.
public struct GitTreeEntry: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A regular file (mode 100644).
        case file
        /// A regular file with the executable bit (mode 100755); read like a file.
        case executable
        /// A symbolic link (mode 120000): the blob holds the target path.
        case symlink
        /// A submodule (mode 160000, a gitlink): a commit of another repository, never read.
        case submodule
    }

    /// Relative to the repository's root, `/`-separated, as git stores it.
    public var path: String
    public var kind: Kind
    /// The object's id (hex).
    public var object: String

    public init(path: String, kind: Kind, object: String) {
        self.path = path
        self.kind = kind
        self.object = object
    }

    /// The kind for an octal mode from `ls-tree`; nil for a mode git does not write (a crafted tree).
    static func kind(mode: String) -> Kind? {
        switch mode {
        case "100644", "100664", "100666": .file
        case "100755": .executable
        case "120000": .symlink
        case "160000": .submodule
        default: nil
        }
    }
}
