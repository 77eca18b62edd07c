/// The long strings that manifests use over and over, from Apple's documented Info.plist and
/// UTI vocabulary, handed out as the program's own string literals.
///
/// A `String` of 16 bytes or more is a heap object: building one costs an allocation and a
/// copy, every copy of it an atomic retain, and freeing the tree an atomic release and a free
/// each. Measured on real manifests, that was about a quarter of XML parse time, and almost
/// all of it was keys such as `CFBundleTypeExtensions` or `UTTypeTagSpecification`. A string
/// literal costs none of it: it lives in the binary and is never counted. (Strings shorter
/// than 16 bytes are stored inline in the `String` value and need no table.)
///
/// The table is built once; a lookup is a hash probe and a comparison of a few words.
struct WellKnownStrings: Sendable {
    static let shared = WellKnownStrings(all)

    private let strings: [String]
    /// The UTF-8 of all `strings`, one after the other; string `i` starts at `starts[i]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// Open addressing on `StringInterner.hash`: an index into `strings`, or -1.
    private let slots: [Int16]
    private let mask: Int

    init(_ list: [String]) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for string in list {
            starts.append(bytes.count)
            bytes.append(contentsOf: string.utf8)
        }
        var size = 64
        while size < list.count * 4 { size *= 2 }
        var slots = [Int16](repeating: -1, count: size)
        bytes.withUnsafeBufferPointer { buffer in
            for (index, string) in list.enumerated() where string.utf8.count >= 16 {
                var slot =
                    StringInterner.hash(buffer.baseAddress!, from: starts[index], count: string.utf8.count) & (size - 1)
                while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                slots[slot] = Int16(index)
            }
        }
        strings = list
        self.bytes = bytes
        self.starts = starts
        self.slots = slots
        mask = size - 1
    }

    /// The literal spelled by `base[start..<start + count]` (at least 16 bytes), if any.
    @inline(__always)
    func string(_ base: UnsafePointer<UInt8>, from start: Int, count: Int, hash: Int) -> String? {
        var slot = hash & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let known = starts[index]
            let length = (index + 1 < starts.count ? starts[index + 1] : bytes.count) - known
            if length == count
                && bytes.withUnsafeBufferPointer({
                    StringInterner.equal($0.baseAddress! + known, base + start, count: count)
                })
            {
                return strings[index]
            }
            slot = (slot + 1) & mask
        }
    }

    /// Keys and values of Apple's Info.plist reference (bundle, document type, URL type,
    /// UTI declaration and UIKit keys), common system UTIs and Xcode's build-setting
    /// placeholders. Only entries of 16 bytes or more are looked up.
    static let all: [String] = [
        // Core Foundation bundle keys
        "CFBundleAllowMixedLocalizations", "CFBundleAlternateIcons", "CFBundleDevelopmentRegion",
        "CFBundleDisplayName", "CFBundleDocumentTypes", "CFBundleExecutable", "CFBundleGetInfoString",
        "CFBundleHelpBookFolder", "CFBundleHelpBookName", "CFBundleIconFile", "CFBundleIconFiles",
        "CFBundleIconName", "CFBundleIdentifier", "CFBundleInfoDictionaryVersion", "CFBundleLocalizations",
        "CFBundlePackageType", "CFBundlePrimaryIcon", "CFBundleShortVersionString", "CFBundleSignature",
        "CFBundleSpokenName", "CFBundleSupportedPlatforms", "CFBundleTypeExtensions", "CFBundleTypeIconFile",
        "CFBundleTypeIconFiles", "CFBundleTypeIconSystemGenerated", "CFBundleTypeMIMETypes", "CFBundleTypeName",
        "CFBundleTypeOSTypes", "CFBundleTypeRole", "CFBundleURLIconFile", "CFBundleURLName",
        "CFBundleURLSchemes", "CFBundleURLTypes", "CFAppleHelpAnchor",
        // Launch Services keys
        "LSApplicationCategoryType", "LSApplicationQueriesSchemes", "LSArchitecturePriority",
        "LSBackgroundOnly", "LSEnvironment", "LSFileQuarantineEnabled", "LSHandlerContentTag",
        "LSHandlerContentTagClass", "LSHandlerContentType", "LSHandlerRoleAll", "LSHandlerRoleEditor",
        "LSHandlerRoleShell", "LSHandlerRoleViewer", "LSHasLocalizedDisplayName", "LSIsAppleDefaultForType",
        "LSItemContentTypes", "LSMinimumSystemVersion", "LSMinimumSystemVersionByArchitecture",
        "LSMultipleInstancesProhibited", "LSRequiresIPhoneOS", "LSRequiresNativeExecution",
        "LSSupportsOpeningDocumentsInPlace", "LSTypeIsPackage", "LSUIPresentationMode",
        // Cocoa keys
        "NSAllowsArbitraryLoads", "NSAllowsArbitraryLoadsInWebContent", "NSAllowsLocalNetworking",
        "NSAppleEventsUsageDescription", "NSAppleScriptEnabled", "NSAppTransportSecurity",
        "NSCameraUsageDescription", "NSDocumentClass", "NSDocumentsFolderUsageDescription", "NSDockTilePlugIn",
        "NSExceptionAllowsInsecureHTTPLoads", "NSExceptionDomains", "NSExceptionMinimumTLSVersion",
        "NSExportableTypes", "NSHighResolutionCapable", "NSHumanReadableCopyright", "NSIncludesSubdomains",
        "NSLocationWhenInUseUsageDescription", "NSMainNibFile", "NSMainStoryboardFile",
        "NSMicrophoneUsageDescription", "NSPersistentStoreTypeKey", "NSPhotoLibraryUsageDescription",
        "NSPrincipalClass", "NSRequiresAquaSystemAppearance", "NSSupportsAutomaticGraphicsSwitching",
        "NSSupportsSuddenTermination", "NSUbiquitousDocumentUserActivityType", "NSUserActivityTypes",
        // Uniform Type Identifier declarations
        "UTExportedTypeDeclarations", "UTImportedTypeDeclarations", "UTTypeConformsTo", "UTTypeDescription",
        "UTTypeIconBackgroundName", "UTTypeIconBadgeName", "UTTypeIconFile", "UTTypeIconFiles",
        "UTTypeIconName", "UTTypeIconText", "UTTypeIdentifier", "UTTypeReferenceURL",
        "UTTypeSize64IconFile", "UTTypeSize320IconFile", "UTTypeTagSpecification",
        "public.filename-extension", "public.mime-type", "com.apple.ostype", "com.apple.nspboard-type",
        // UIKit keys and values
        "ITSAppUsesNonExemptEncryption", "MinimumOSVersion", "UIApplicationSceneManifest",
        "UIApplicationSupportsIndirectInputEvents", "UIApplicationSupportsMultipleScenes",
        "UIBackgroundModes", "UIFileSharingEnabled", "UIInterfaceOrientationLandscapeLeft",
        "UIInterfaceOrientationLandscapeRight", "UIInterfaceOrientationPortrait",
        "UIInterfaceOrientationPortraitUpsideDown", "UILaunchStoryboardName", "UIMainStoryboardFile",
        "UIPrerenderedIcon", "UIRequiredDeviceCapabilities", "UIRequiresFullScreen",
        "UISceneConfigurationName", "UISceneConfigurations", "UISceneDelegateClassName",
        "UISceneStoryboardFile", "UIStatusBarHidden", "UIStatusBarStyle", "UISupportedInterfaceOrientations",
        "UISupportedInterfaceOrientations~ipad", "UIViewControllerBasedStatusBarAppearance",
        "UIWindowSceneSessionRoleApplication",
        // System UTIs
        "com.apple.application-bundle", "com.apple.bundle", "com.apple.package", "com.apple.property-list",
        "public.composite-content", "public.content", "public.data", "public.database", "public.directory",
        "public.folder", "public.plain-text", "public.presentation", "public.python-script",
        "public.shell-script", "public.source-code", "public.spreadsheet", "public.utf8-plain-text",
        "public.zip-archive",
        // Xcode build-setting placeholders
        "$(CURRENT_PROJECT_VERSION)", "$(DEVELOPMENT_LANGUAGE)", "$(EXECUTABLE_NAME)",
        "$(MACOSX_DEPLOYMENT_TARGET)", "$(MARKETING_VERSION)", "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "$(PRODUCT_BUNDLE_PACKAGE_TYPE)", "$(PRODUCT_MODULE_NAME)",
    ]
}
