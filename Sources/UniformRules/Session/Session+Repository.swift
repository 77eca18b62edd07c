import Foundation
import UniformCore

extension Session {
    /// The roots `uniform test` searches: the command line's paths (a link in the repository
    /// that leads out is refused), else the configuration's `tests` (inside the repository, as
    /// written and through links — `tests = { "/" }` walked the runner's whole disk), else `.`.
    public func testRoots(_ paths: [String]) throws(SessionError) -> [String] {
        let boundary = RepositoryBoundary(root: repositoryRoot)
        if !paths.isEmpty {
            for path in paths where !boundary.allows(named: path) {
                throw SessionError("\(path): the path links outside the repository; its tests are not run")
            }
            return paths
        }
        if config.tests.isEmpty { return ["."] }
        for path in config.tests where Self.configuredPathIsOutside(path, config: config, boundary: boundary) {
            throw SessionError(
                "\(config.file.map { Configuration.displayPath($0) } ?? ".uniform.lua"): tests names \(path), which is outside the repository; it is not searched"
            )
        }
        return config.tests.map(config.resolve)
    }

    /// A path given relative to the run's directory, as the process can open it: unchanged when
    /// the run's directory is the process's (so reports keep the user's spelling).
    static func local(_ path: String, directory: String) -> String { DisplayPath.local(path, directory: directory) }

    /// Whether a path the configuration names lies outside `boundary`: as written, or through
    /// a link it passes.
    static func configuredPathIsOutside(_ path: String, config: Configuration, boundary: RepositoryBoundary) -> Bool {
        config.repository.isOutside(path, boundary: boundary)
    }
}
