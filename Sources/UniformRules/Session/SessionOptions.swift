import Foundation
import UniformCore

/// What a run is asked to look at: everything a command line (or a library user) can say
/// about the world before `Session.open` turns it into one.
///
/// The world's part is the core's own `RepositoryOptions` (`repository`): the run's directory,
/// the paths that replace the configured manifests and projects, defines, xcconfigs, platform,
/// releases, distribution, defaults, the build configuration, and whether broken or missing
/// manifests are errors. The rest is the session's: rules, the configuration file, limits, the
/// policy's revision.
public struct SessionOptions: Sendable {
    /// What the world is read from. Where the run happens is `repository.directory`:
    /// configuration lookup and discovery start there, and relative paths are read from there.
    /// `Session.open` sets `repository.configuration` from `.uniform.lua` (or `configFile`), and
    /// takes `repository.context` as `--context`'s paths: other vendors' apps on the device,
    /// added to the configuration's `context`, each checked against the repository.
    public var repository: RepositoryOptions
    /// Rule files added to the configured ones.
    public var rules: [String] = []
    /// `--config FILE`: this configuration instead of the nearest `.uniform.lua`.
    public var configFile: String?
    /// Load the standard rules (unless the configuration turns them off).
    public var standardRules = false
    /// `--allow-limits`: the configuration's `limits` may exceed `LimitCeiling`.
    public var allowRaisedLimits = false
    /// `--max-run-time`: seconds every Lua call of the run together may take (0: no budget).
    public var maxRunTime: Double = 300
    /// `--policy-from REV`: the configuration, rule files and baseline come from this git
    /// revision, the manifests and projects from the working tree (`PolicySource`).
    public var policyRevision: String?
    /// The repository `policyRevision` is read from (default: the one holding the run's
    /// directory), and the folder whose paths map onto the revision's (default: its work tree) —
    /// for a world loaded from a revision written elsewhere (`diff --git`).
    public var policyRepository: String?
    public var policyTreeRoot: String?

    /// A run in `directory`: discovery there, no configuration read yet.
    public init(directory: String = FileManager.default.currentDirectoryPath) {
        repository = RepositoryOptions(directory: directory)
    }

    /// Where the run happens.
    var directory: String { repository.directory }
}
