import Foundation
import UniformCore

/// What a run is asked to look at: everything a command line (or a library user) can say
/// about the world before `Session.open` turns it into one.
public struct SessionOptions: Sendable {
    /// Where the run happens: configuration lookup and discovery start here.
    public var directory: String
    /// Manifests, bundles, Xcode projects, workspaces or directories; they replace the
    /// configured manifests and projects.
    public var paths: [String] = []
    /// `--context`: other vendors' apps on the device, added to the configuration's `context`:
    /// in every answer, never checked.
    public var context: [String] = []
    /// Rule files added to the configured ones.
    public var rules: [String] = []
    /// `--define`s: beat every build setting, as `xcodebuild KEY=value` does.
    public var defines: [String: String] = [:]
    /// `--xcconfig` files: build settings for manifests outside a project.
    public var xcconfigs: [String] = []
    public var platform: PlatformFilter?
    /// `--os`: the releases whose system types the answers are for (one per platform at most);
    /// empty: the configuration's `os`, else the newest described.
    public var releases: [OSRelease] = []
    /// `--distribution`: how every app ships (beats the configuration and the Info.plist).
    public var distribution: Distribution?
    /// A LaunchServices preferences plist of user default handlers.
    public var defaults: String?
    /// The Xcode build configuration (default: the configuration file's, else Release).
    public var buildConfiguration: String?
    /// `--config FILE`: this configuration instead of the nearest `.uniform.lua`.
    public var configFile: String?
    /// Load the standard rules (unless the configuration turns them off).
    public var standardRules = false
    /// Report manifests that do not parse as findings instead of failing (`check`, `diff`).
    public var tolerateBrokenManifests = false
    /// A world without a manifest is an input error: `check`, `test` and `diff` never pass
    /// over nothing.
    public var requireManifests = false
    /// `--allow-limits`: the configuration's `limits` may exceed `LimitCeiling`.
    public var allowRaisedLimits = false
    /// `--max-run-time`: seconds every Lua call of the run together may take (0: no budget).
    public var maxRunTime: Double = 300
    /// `--policy-from REV`: the configuration, rule files and baseline come from this git
    /// revision, the manifests and projects from the working tree (`PolicySource`).
    public var policyRevision: String?
    /// The repository `policyRevision` is read from (default: the one holding `directory`),
    /// and the folder whose paths map onto the revision's (default: its work tree) — for a
    /// world loaded from a revision written elsewhere (`diff --git`).
    public var policyRepository: String?
    public var policyTreeRoot: String?

    public init(directory: String = FileManager.default.currentDirectoryPath) {
        self.directory = directory
    }
}
