import Foundation
import UniformCore

/// Where a run may write: every report, baseline, coverage file and `uniform init`'s starter
/// files go through here. A link inside the repository is the repository's — a committed
/// `reports -> /elsewhere` link is the pull request's, even when the command line names
/// `reports/junit.xml` — so the folder a file lands in must not be reached through a link that
/// leads out of it (`RepositoryBoundary.allows(named:)`); a path outside the repository as
/// written is the user's own. The file itself is replaced, never written through: an existing
/// link at the path is refused too.
public enum OutputPath {
    public struct Refusal: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "\(path): the folder it is written to links outside the repository (or the file is a link); nothing is written there"
        }
    }

    /// Throws when writing `path` would land outside the folder it belongs to.
    public static func check(
        _ path: String, directory: String = FileManager.default.currentDirectoryPath
    )
        throws(Refusal)
    {
        let repository = RepositoryBoundary(startingAt: directory)
        var info = stat()
        let absolute = path.hasPrefix("/") ? path : ProjectPath.join(directory, path)
        let isLink = lstat(absolute, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        // The folder it lands in decides (the file may not exist yet).
        guard repository.allows(named: ProjectPath.directory(of: absolute), relativeTo: directory), !isLink else {
            throw Refusal(path: path)
        }
    }

    /// Checks `path`, then writes `text` there (atomically: a new file renamed over the old).
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Checks `path`, then writes `data` there (atomically: a new file renamed over the old, so a
    /// link at the path is replaced, never followed).
    public static func write(_ data: Data, to path: String) throws {
        try check(path)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
