/// A repository read by `RepositoryLoader`: the world's inputs with every finding about the
/// files read, where each app came from, and the settings the manifests were read with.
public struct RepositoryLoad: Sendable {
    /// The manifests (context apps marked), user defaults, platform, releases and findings.
    public var inputs: WorldInputs
    /// How the manifests were chosen, the projects and apps read, what was skipped.
    public var report: LoadReport
    /// The inputs manifests were read from (projects, then paths), for messages.
    public var manifestPaths: [String]
    /// The repository's folder (git top level, else the configuration's folder, else the run's):
    /// nothing the configuration names is read outside it.
    public var repositoryRoot: String
    /// The configured xcconfigs and defines as build-setting levels (`RunSettings`).
    public var settings: [SettingsStack.Level]

    /// The world the inputs make, without rules.
    public func world() -> World { inputs.world() }
}
