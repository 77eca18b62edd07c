import Foundation

/// What a world is built from, before rules add to it.
public struct WorldInputs: Sendable {
    public var manifests: [Manifest]
    public var preferenceDefaults: [DefaultHandler]
    public var platform: PlatformFilter
    /// The release of each platform whose system types the worlds hold.
    public var os: OSSelection
    public var findings: [Finding]

    public init(
        manifests: [Manifest] = [], preferenceDefaults: [DefaultHandler] = [], platform: PlatformFilter = .all,
        os: OSSelection = .newest, findings: [Finding] = []
    ) {
        self.manifests = manifests
        self.preferenceDefaults = preferenceDefaults
        self.platform = platform
        self.os = os
        self.findings = findings
    }
}

extension WorldInputs {
    /// The world of these inputs alone (no rule declarations or defaults): the apps the
    /// platform filter lets in, with the system types of the chosen releases.
    public func world() -> World {
        World(
            manifests: platform == .all ? manifests : manifests.filter { platform.includes($0.platform) },
            catalog: SystemCatalog.typeDeclarations(for: os.releases(for: platform)),
            preferenceDefaults: preferenceDefaults, platform: platform, extraFindings: findings)
    }
}
