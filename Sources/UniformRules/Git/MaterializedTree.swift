import Foundation

/// A revision written to a folder by `GitTreeReader.materialize`.
public struct MaterializedTree: Sendable {
    /// The revision as the caller named it (for messages) and the commit it resolved to.
    public var revision: String
    public var commit: String
    /// The folder holding the tree's root.
    public var directory: URL
    /// Files and symbolic links written, and the bytes of the files.
    public var files: Int
    public var bytes: Int
    /// Entries the filter took but that were not written, with the reason: submodules, names
    /// that cannot be written safely, symbolic links that point out of the tree or at nothing.
    public var skipped: [Skipped]

    public struct Skipped: Sendable, Hashable {
        public var path: String
        public var reason: Reason

        public init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }

        public enum Reason: Sendable, Hashable {
            /// A gitlink: another repository's commit.
            case submodule
            /// `..`, `.git`, an empty component, a name that is not UTF-8, an unknown mode.
            case unsafeName
            /// A symbolic link resolving outside the tree (absolute, or through `..`).
            case linkOutside
            /// A symbolic link to nothing written (its target was filtered out, or it loops).
            case linkDangling
        }
    }
}
