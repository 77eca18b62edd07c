import UniformPlist

/// One app, as its Info.plist describes it.
public struct Manifest: Sendable {
    /// The bundle id used everywhere: the declared one, a stand-in for a missing or
    /// placeholder id, or `id#2` for a second app with the same id.
    public var bundleID: String
    /// `CFBundleIdentifier` as written (after defines), if any.
    public var declaredBundleID: String?
    public var name: String?
    public var platform: Platform
    /// How `platform` was decided, for `--verbose`: the keys weighed for a manifest read alone
    /// (`Info.plist keys: macOS 7 (LSMinimumSystemVersion, …) outweighs iOS 2 (…)`), the
    /// target's settings for one read with its project (`SDKROOT = iphoneos`); nil when
    /// nothing decided it (an app a rule declares).
    public var platformReason: String? {
        get { writtenPlatformReason ?? platformEvidence?.reason }
        set { writtenPlatformReason = newValue }
    }
    private var writtenPlatformReason: String?
    /// The keys weighed for a manifest read alone; the reason is written from them only when
    /// asked (`--verbose`), not for every manifest of a run.
    var platformEvidence: PlatformEvidence.Decision?
    /// The path used in every location (relative to the configuration or the argument).
    public var file: String
    public var location: SourceLocation
    public var claims: [DocumentClaim]
    public var exportedTypes: [TypeDeclaration]
    public var importedTypes: [TypeDeclaration]
    public var supportsOpeningDocumentsInPlace: Bool?
    public var supportsDocumentBrowser: Bool?
    public var fileSharingEnabled: Bool?
    /// Problems found while reading, with locations.
    public var findings: [Finding]
    /// The parsed plist, for checks that look at the raw structure.
    public var document: PlistDocument?
    /// True for apps declared by rules for what-if questions.
    public var isSynthetic: Bool
    /// A context app: another vendor's app on the device (`context` in `.uniform.lua`,
    /// `--context`). It takes part in every answer — handler lists, the type graph — but the
    /// team does not own it, so nothing about it alone is reported as a finding.
    public var isContext = false
    /// Build placeholders in the values read that no define resolved, one per use; the world
    /// turns them into one `unresolved-placeholder` note per variable.
    public var unresolvedPlaceholders: [Located<String>] = []
    /// The Xcode target this app was built from, when it came from a project.
    public var origin: ManifestOrigin?
    /// The bundle id of the app that embeds this one (an extension's host): one team's suite.
    public var host: String?
    /// `NSExtensionPointIdentifier` (or ExtensionKit's `EXExtensionPointIdentifier`) for an
    /// extension: `com.apple.quicklook.preview`, `com.apple.share-services`, …
    public var extensionPoint: String?
    /// The types a Quick Look preview extension shows (`QLSupportedContentTypes`).
    public var previewedTypes: [Located<String>] = []
    /// How the app is distributed, when known: the configuration says, or its Info.plist
    /// does (Sparkle's update keys mean outside the App Store).
    public var distribution: Distribution?

    public init(
        bundleID: String, declaredBundleID: String? = nil, name: String? = nil, platform: Platform = .macos,
        file: String, location: SourceLocation? = nil, claims: [DocumentClaim] = [],
        exportedTypes: [TypeDeclaration] = [], importedTypes: [TypeDeclaration] = [],
        supportsOpeningDocumentsInPlace: Bool? = nil, supportsDocumentBrowser: Bool? = nil,
        fileSharingEnabled: Bool? = nil, findings: [Finding] = [], document: PlistDocument? = nil,
        isSynthetic: Bool = false
    ) {
        self.bundleID = bundleID
        self.declaredBundleID = declaredBundleID ?? bundleID
        self.name = name
        self.platform = platform
        self.file = file
        self.location = location ?? SourceLocation(file: file, line: 1)
        self.claims = claims
        self.exportedTypes = exportedTypes
        self.importedTypes = importedTypes
        self.supportsOpeningDocumentsInPlace = supportsOpeningDocumentsInPlace
        self.supportsDocumentBrowser = supportsDocumentBrowser
        self.fileSharingEnabled = fileSharingEnabled
        self.findings = findings
        self.document = document
        self.isSynthetic = isSynthetic
    }

    /// Every declaration, exported first, in file order.
    public var declarations: [TypeDeclaration] { exportedTypes + importedTypes }
}
