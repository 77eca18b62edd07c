/// An app-like target of an Xcode project, built for one platform in one configuration: what
/// the manifest loader needs to read its Info.plist as Xcode would produce it.
public struct ProjectApp: Sendable {
    /// The `project.pbxproj` the target is in.
    public var project: String
    public var target: String
    public var productType: ProductType
    public var configuration: String
    public var platform: Platform
    /// How the platform was decided, for `--verbose` and `uniform init` (`SDKROOT = iphoneos`).
    public var platformReason: String
    /// `INFOPLIST_FILE`, joined to `SRCROOT`; nil when the target sets none.
    public var infoPlist: String?
    /// `GENERATE_INFOPLIST_FILE = YES`: Xcode adds keys from the build settings.
    public var generatesInfoPlist: Bool
    /// Every build setting of the target for this build, expanded: what placeholders in its
    /// Info.plist resolve against.
    public var settings: [String: String]
    /// Where the settings that matter to a manifest were set (`PRODUCT_BUNDLE_IDENTIFIER`,
    /// `INFOPLIST_FILE`, `INFOPLIST_KEY_*`, …).
    public var settingLocations: [String: SourceLocation]
    /// The keys Xcode generates (`INFOPLIST_KEY_CFBundleDisplayName` → `CFBundleDisplayName`),
    /// with the line of the setting.
    public var generatedKeys: [GeneratedKey]
    /// The target that embeds this one (an extension's app), if any.
    public var host: String?
    /// `#include`s that were not read for this target (missing, or outside the repository):
    /// why a setting may be unresolved.
    public var unreadIncludes: [String]
    /// The target in the project file.
    public var location: SourceLocation
    /// The levels `settings` were evaluated from, and for which build: a level added on top
    /// (an app's own defines) is evaluated with the rest, not pasted over the result.
    public var levels: [SettingsStack.Level] = []
    public var parameters = BuildParameters(sdk: nil, configuration: "Release")

    /// `PRODUCT_BUNDLE_IDENTIFIER`, if set.
    public var bundleID: String? { settings["PRODUCT_BUNDLE_IDENTIFIER"] }

    /// One key of a generated Info.plist.
    public struct GeneratedKey: Sendable, Equatable {
        public var key: String
        public var value: String
        public var location: SourceLocation
    }
}
