import Foundation

/// What to read from a repository: its configuration (`configuration`, bounded by the
/// repository) and what the caller adds or overrides — a command line's arguments, a library
/// user's choices. `RepositoryLoader.load` turns it into a world's inputs.
///
/// Where the manifests come from, first match wins: `paths` (a manifest, a bundle, an
/// `.xcodeproj`, an `.xcworkspace`, or a directory — searched for projects, else for plists);
/// the configuration's `projects`; its `manifests`; else discovery under its folder: Xcode
/// projects and workspaces, else Info.plist files.
public struct RepositoryOptions: Sendable {
    /// Where the run happens: relative `paths` are read from here.
    public var directory: String
    /// What the repository says about itself.
    public var configuration: RepositoryConfiguration
    /// Manifests, bundles, Xcode projects, workspaces or directories; they replace the
    /// configured manifests and projects.
    public var paths: [String] = []
    /// Other vendors' apps on the device, in every answer and never checked: paths the caller
    /// has checked already (the configuration's, inside the repository).
    public var context: [String] = []
    /// Beat every build setting, as `xcodebuild KEY=value` does.
    public var defines: [String: String] = [:]
    /// Build settings for every manifest, above the configuration's `xcconfigs`.
    public var xcconfigs: [String] = []
    public var platform: PlatformFilter?
    /// The releases whose system types the answers are for, after the configuration's.
    public var releases: [OSRelease] = []
    /// How every app ships (beats the configuration and the Info.plist).
    public var distribution: Distribution?
    /// A LaunchServices preferences plist of user default handlers (beats the configuration's).
    public var defaults: String?
    /// The Xcode build configuration (default: the configuration's, else Release).
    public var buildConfiguration: String?
    /// Report manifests that do not parse as findings instead of failing.
    public var tolerateBrokenManifests = false
    /// A world without a manifest is an error.
    public var requireManifests = false

    /// Discovery under `directory`, no configuration.
    public init(directory: String = FileManager.default.currentDirectoryPath) {
        self.directory = directory
        self.configuration = RepositoryConfiguration(directory: directory)
    }

    public init(directory: String, configuration: RepositoryConfiguration) {
        self.directory = directory
        self.configuration = configuration
    }

    /// The folder configured paths and discovery start from.
    var searchRoot: String { configuration.file == nil ? directory : configuration.directory }

    /// A path given relative to `directory`, as the process can open it.
    func local(_ path: String) -> String { DisplayPath.local(path, directory: directory) }
}
