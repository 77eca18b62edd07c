import UniformCore

/// What a world is built from, before rules add to it.
public struct WorldInputs: Sendable {
    public var manifests: [Manifest]
    public var preferenceDefaults: [DefaultHandler]
    public var platform: PlatformFilter
    public var findings: [Finding]

    public init(
        manifests: [Manifest] = [], preferenceDefaults: [DefaultHandler] = [], platform: PlatformFilter = .all,
        findings: [Finding] = []
    ) {
        self.manifests = manifests
        self.preferenceDefaults = preferenceDefaults
        self.platform = platform
        self.findings = findings
    }
}
