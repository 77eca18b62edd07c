/// One `XCBuildConfiguration` of a project or a target: its name (`Release`), the settings
/// written in the project file, and the `.xcconfig` it is based on, if any.
public struct BuildConfiguration: Sendable {
    public var name: String
    public var settings: [SettingAssignment]
    /// The base `.xcconfig`: from `baseConfigurationReference` (a file reference) or, since
    /// Xcode 16, `baseConfigurationReferenceAnchor` + `baseConfigurationReferenceRelativePath`.
    public var baseConfiguration: String?
    public var location: SourceLocation

    public init(name: String, settings: [SettingAssignment], baseConfiguration: String?, location: SourceLocation) {
        self.name = name
        self.settings = settings
        self.baseConfiguration = baseConfiguration
        self.location = location
    }
}
