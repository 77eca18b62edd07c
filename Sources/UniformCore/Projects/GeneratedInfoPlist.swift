import UniformPlist

/// The Info.plist Xcode writes for a target with `GENERATE_INFOPLIST_FILE = YES` and no
/// `INFOPLIST_FILE`: `CFBundleIdentifier` from `PRODUCT_BUNDLE_IDENTIFIER`, `CFBundleName`
/// from `PRODUCT_NAME`, and one key per `INFOPLIST_KEY_<Key>` setting. Each node is marked
/// with the line of the setting it comes from, so findings point into the project file.
enum GeneratedInfoPlist {
    static func document(for app: ProjectApp) -> PlistDocument {
        let targetMark = mark(app.location)
        var entries: [PlistEntry] = []
        func add(_ key: String, _ value: PlistValue, _ location: SourceLocation?) {
            let m = location.map(mark) ?? targetMark
            entries.append(PlistEntry(key: key, keyMark: m, value: PlistNode(value, mark: m)))
        }
        add(
            "CFBundleIdentifier", .string("$(PRODUCT_BUNDLE_IDENTIFIER)"),
            app.settingLocations["PRODUCT_BUNDLE_IDENTIFIER"])
        add("CFBundleName", .string("$(PRODUCT_NAME)"), nil)
        add("CFBundlePackageType", .string("$(PRODUCT_BUNDLE_PACKAGE_TYPE)"), nil)
        for key in app.generatedKeys where key.key != "CFBundleIdentifier" && key.key != "CFBundleName" {
            add(key.key, value(of: key), key.location)
        }
        if app.platform == .ios { add("LSRequiresIPhoneOS", .boolean(true), nil) }
        return PlistDocument(
            file: app.project, format: .openStep,
            root: PlistNode(.dictionary(PlistDictionary(entries: entries)), mark: targetMark))
    }

    /// `INFOPLIST_KEY_*` values are strings in the project; Xcode writes booleans for YES/NO
    /// and arrays for the space-separated keys (orientations, device capabilities).
    static func value(of key: ProjectApp.GeneratedKey) -> PlistValue {
        let upper = key.value.uppercased()
        if upper == "YES" || upper == "NO" { return .boolean(upper == "YES") }
        if arrayKeys.contains(where: { key.key.hasPrefix($0) }) {
            return .array(
                key.value.split(separator: " ").map { PlistNode(.string(String($0)), mark: mark(key.location)) })
        }
        return .string(key.value)
    }

    static let arrayKeys = ["UISupportedInterfaceOrientations", "UIRequiredDeviceCapabilities"]

    static func mark(_ location: SourceLocation) -> Mark {
        Mark(line: location.line, column: location.column, offset: 0)
    }
}
