extension RuleDescription {
    static let propertyListFormat =
        "Apple's property list format (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/PropertyLists/Introduction/Introduction.html)"

    public static let plistParseError = RuleDescription(
        id: "plist.parse-error", severity: .error,
        summary: "A manifest could not be parsed as a property list; nothing in it is read.",
        source: propertyListFormat,
        related: ["manifest.root-not-dictionary"],
        triggering: [
            RuleExample(files: [
                "App/Info.plist":
                    "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>CFBundleIdentifier</key>\n<string>com.example.viewer</string>\n</plist>\n"
            ])
        ],
        nonTriggering: [.infoPlist("<key>CFBundleIdentifier</key><string>com.example.viewer</string>")])

    public static let plistStrayText = RuleDescription(
        id: "plist.stray-text", severity: .warning,
        summary:
            "Text outside any element, such as an unprocessed #ifdef line (Xcode runs the C preprocessor on Info.plist only when INFOPLIST_PREPROCESS is set); it is ignored.",
        source:
            "Apple's build settings reference, INFOPLIST_PREPROCESS (https://developer.apple.com/documentation/xcode/build-settings-reference)",
        triggering: [
            .infoPlist("<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n#ifdef BETA\n#endif")
        ],
        nonTriggering: [.infoPlist("<key>CFBundleIdentifier</key><string>com.example.viewer</string>")])

    public static let duplicateKey = RuleDescription(
        id: "duplicate-key", severity: .warning,
        summary:
            "A key appears twice in one dictionary; the last value wins (CFPropertyList's reading, observed), so the first is dead text.",
        source: propertyListFormat,
        triggering: [
            .infoPlist(
                "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleName</key><string>Viewer</string>\n<key>CFBundleName</key><string>Viewer 2</string>"
            )
        ],
        nonTriggering: [
            .infoPlist(
                "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleName</key><string>Viewer</string>"
            )
        ])
}
