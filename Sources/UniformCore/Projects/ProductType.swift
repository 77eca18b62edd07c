/// What a native target builds, as `productType` names it in a `project.pbxproj`, and whether
/// that product is an app for uniform: something Launch Services registers, whose Info.plist
/// can claim, declare or preview document types.
///
/// Apps, app extensions (Quick Look preview and thumbnail, Spotlight, share, widgets, …),
/// ExtensionKit extensions, XPC services, watch apps, App Clips and iMessage apps are; tests,
/// frameworks, libraries, tools and aggregates are not. A plain bundle is one only when its
/// `WRAPPER_EXTENSION` makes it a legacy Quick Look generator or a Spotlight importer
/// (`qlgenerator`, `mdimporter`), the two plug-in kinds whose Info.plist claims types.
public struct ProductType: Sendable, Equatable, CustomStringConvertible {
    public var identifier: String

    public init(_ identifier: String) {
        self.identifier = identifier
    }

    static let appLike: Set<String> = [
        "com.apple.product-type.application",
        "com.apple.product-type.application.on-demand-install-capable",
        "com.apple.product-type.application.messages",
        "com.apple.product-type.application.watchapp",
        "com.apple.product-type.application.watchapp2",
        "com.apple.product-type.application.watchapp2-container",
        "com.apple.product-type.app-extension",
        "com.apple.product-type.app-extension.messages",
        "com.apple.product-type.app-extension.messages-sticker-pack",
        "com.apple.product-type.app-extension.intents-service",
        "com.apple.product-type.tv-app-extension",
        "com.apple.product-type.watchkit-extension",
        "com.apple.product-type.watchkit2-extension",
        "com.apple.product-type.extensionkit-extension",
        "com.apple.product-type.xpc-service",
        "com.apple.product-type.system-extension",
    ]

    /// Bundle wrappers whose Info.plist claims document types (`QLGenerator`, `MDImporter`).
    static let pluginWrappers: Set<String> = ["qlgenerator", "mdimporter"]

    /// Whether a target of this type, with this `WRAPPER_EXTENSION`, is an app for uniform.
    public func isAppLike(wrapperExtension: String?) -> Bool {
        if Self.appLike.contains(identifier) { return true }
        if identifier == "com.apple.product-type.bundle", let wrapper = wrapperExtension?.lowercased() {
            return Self.pluginWrappers.contains(wrapper)
        }
        return false
    }

    /// An extension of some kind (embedded in a host app).
    public var isExtension: Bool {
        identifier.contains("extension") || identifier == "com.apple.product-type.xpc-service"
            || identifier == "com.apple.product-type.bundle"
    }

    /// The wrapper Xcode gives the product when no setting names one.
    var defaultWrapperExtension: String? {
        switch identifier {
        case _ where identifier.hasPrefix("com.apple.product-type.application"): "app"
        case "com.apple.product-type.extensionkit-extension",
            _ where identifier.contains("app-extension"), _ where identifier.contains("watchkit"):
            "appex"
        case "com.apple.product-type.xpc-service": "xpc"
        case "com.apple.product-type.system-extension": "systemextension"
        case "com.apple.product-type.bundle": "bundle"
        default: nil
        }
    }

    /// `CFBundlePackageType` Xcode writes for the product.
    var packageType: String {
        switch defaultWrapperExtension {
        case "app": "APPL"
        case "appex", "xpc", "systemextension": "XPC!"
        default: "BNDL"
        }
    }

    /// Short, for listings: `application`, `app-extension`, `xpc-service`.
    public var description: String {
        identifier.hasPrefix("com.apple.product-type.")
            ? String(identifier.dropFirst("com.apple.product-type.".count)) : identifier
    }
}
