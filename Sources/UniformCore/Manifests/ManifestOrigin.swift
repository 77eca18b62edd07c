/// Where in an Xcode project an app came from: the project, the target, the configuration
/// whose settings resolved its placeholders, and why it is on its platform.
public struct ManifestOrigin: Sendable, Hashable {
    /// The `project.pbxproj`.
    public var project: String
    public var target: String
    /// `application`, `app-extension`, `xpc-service`, …
    public var productType: String
    public var configuration: String
    /// `SDKROOT = iphoneos`, `SUPPORTED_PLATFORMS = …`.
    public var platformReason: String
    /// The target in the project file.
    public var location: SourceLocation
    /// Where `PRODUCT_BUNDLE_IDENTIFIER` was set for this build, if anywhere.
    public var bundleIDSetting: SourceLocation?
    /// The target that embeds this one (an extension's app), by name.
    public var host: String?

    public init(
        project: String, target: String, productType: String, configuration: String, platformReason: String,
        location: SourceLocation, bundleIDSetting: SourceLocation? = nil
    ) {
        self.project = project
        self.target = target
        self.productType = productType
        self.configuration = configuration
        self.platformReason = platformReason
        self.location = location
        self.bundleIDSetting = bundleIDSetting
    }
}
