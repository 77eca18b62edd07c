/// What a repository's own configuration says about its world (for the `uniform` tool, the
/// parts of `.uniform.lua` that are not Lua). Everything in it is the repository's — a pull
/// request's — so `RepositoryLoader` reads none of the paths it names outside the repository:
/// each one outside, as written or through a link, is a `config.outside-repository` finding.
public struct RepositoryConfiguration: Sendable {
    /// The configuration file, for findings' locations; nil when there is none.
    public var file: String?
    /// The folder its paths are relative to; discovery starts here.
    public var directory: String
    /// Manifests, bundles or directories to read.
    public var manifests: [String] = []
    /// `manifests` was written (even empty: a rules-only repository reads nothing).
    public var declaresManifests = false
    /// Xcode projects and workspaces to read (beat `manifests` as the source of apps).
    public var projects: [String] = []
    /// `.xcconfig` files above every target's settings, then `defines` above them.
    public var xcconfigs: [String] = []
    public var defines: [String: String] = [:]
    /// The Xcode build configuration whose settings apply.
    public var buildConfiguration: String?
    /// Per-manifest (or per-target) overrides.
    public var apps: [String: AppOverride] = [:]
    public var platform: PlatformFilter?
    public var releases: [OSRelease] = []
    public var distribution: Distribution?
    /// A LaunchServices preferences plist of user default handlers.
    public var defaults: String?

    /// No configuration: discovery under `directory`.
    public init(directory: String, file: String? = nil) {
        self.directory = directory
        self.file = file
    }

    /// A path it names, as the user should see it.
    public func resolve(_ path: String) -> String { DisplayPath.resolve(path, in: directory) }

    /// Where its findings point: the file, when there is one.
    public var location: SourceLocation? { file.map { SourceLocation(file: DisplayPath.of($0)) } }

    /// Whether a path it names lies outside `boundary`: as written, or through a link it passes.
    public func isOutside(_ path: String, boundary: RepositoryBoundary) -> Bool {
        let written = RepositoryBoundary.lexical(path, relativeTo: CanonicalPath.of(directory))
        return !RepositoryBoundary.contains(written, root: boundary.root) || !boundary.contains(written)
    }

    /// The paths it names that lie inside the repository; each one outside is a finding naming
    /// it, and is never read. A path outside as written is refused without being looked at,
    /// whether or not it exists (a pull request must not learn from the log which files the
    /// runner has); one inside as written is followed through its links.
    public func inside(
        _ paths: [String], key: String, boundary: RepositoryBoundary, findings: inout [Finding]
    ) -> [String] {
        paths.filter { path in
            guard !isOutside(path, boundary: boundary) else {
                findings.append(
                    Finding(
                        .configOutsideRepository,
                        message: "\(key) names \(path), which is outside the repository; it is not read",
                        location: location, subject: path))
                return false
            }
            return true
        }
    }
}
