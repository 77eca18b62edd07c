/// What a team knows about one app that its files do not say — a bundle id set by a file
/// outside the repository, the platform of a loose manifest, how it ships, a placeholder's
/// value for this app alone. `.uniform.lua` writes them as `apps = { ["iOS/Info.plist"] = {
/// bundle_id = … } }`; a library user sets them on `RepositoryConfiguration.apps`. A key is a
/// manifest path (relative to the configuration's folder) or an Xcode target's name.
public struct AppOverride: Sendable, Equatable {
    public var bundleID: String?
    public var platform: Platform?
    public var distribution: Distribution?
    public var defines: [String: String] = [:]

    public init(
        bundleID: String? = nil, platform: Platform? = nil, distribution: Distribution? = nil,
        defines: [String: String] = [:]
    ) {
        self.bundleID = bundleID
        self.platform = platform
        self.distribution = distribution
        self.defines = defines
    }
}
