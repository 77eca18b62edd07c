/// A target of an Xcode project, as its `project.pbxproj` writes it.
public struct ProjectTarget: Sendable {
    public var name: String
    /// `PBXNativeTarget`, `PBXAggregateTarget`, `PBXLegacyTarget`.
    public var kind: String
    /// Nil for aggregate and legacy targets, which have none.
    public var productType: ProductType?
    public var configurations: [BuildConfiguration]
    /// The configuration list's `defaultConfigurationName`: used when the one asked for is absent.
    public var defaultConfigurationName: String?
    /// Targets whose products this one copies into itself (its extensions, XPC services,
    /// login items, plug-ins): they ship inside it, as one team's suite.
    public var embeddedTargets: [String]
    public var location: SourceLocation

    public init(
        name: String, kind: String, productType: ProductType?, configurations: [BuildConfiguration],
        defaultConfigurationName: String?, embeddedTargets: [String], location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.productType = productType
        self.configurations = configurations
        self.defaultConfigurationName = defaultConfigurationName
        self.embeddedTargets = embeddedTargets
        self.location = location
    }

    /// The configuration a build of `name` uses: that one, else the list's default, else the
    /// first; nil for a target without configurations.
    public func configuration(named name: String) -> BuildConfiguration? {
        configurations.first { $0.name == name }
            ?? defaultConfigurationName.flatMap { d in configurations.first { $0.name == d } }
            ?? configurations.first
    }
}
