extension RuleDescription {
    static let bundleIdentifierPage =
        "Apple, CFBundleIdentifier (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleidentifier)"
    static let managingInfoPlist =
        "Apple, Managing your app's information property list values (https://developer.apple.com/documentation/bundleresources/managing-your-app-s-information-property-list): Xcode sets CFBundleIdentifier to $(PRODUCT_BUNDLE_IDENTIFIER) and generates the file from build settings"

    /// A document type an app needs to be a manifest at all, with `keys` before it.
    static func app(_ keys: String) -> RuleExample {
        .infoPlist(
            """
            \(keys)
            <key>CFBundleDocumentTypes</key>
            <array><dict>
              <key>CFBundleTypeName</key><string>Text</string>
              <key>CFBundleTypeRole</key><string>Viewer</string>
              <key>LSHandlerRank</key><string>Alternate</string>
              <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
            </dict></array>
            """)
    }

    public static let bundleIDPlaceholder = RuleDescription(
        id: "bundle-id-placeholder", severity: .note,
        summary:
            "CFBundleIdentifier is a build placeholder no setting defines; a stand-in id is used, so checks that need the vendor judge only Apple's identifiers.",
        source: managingInfoPlist,
        related: ["unresolved-placeholder", "bundle-id-missing"],
        // The stand-in id's own note says which checks ran without the vendor.
        supersedes: ["vendor-unknown"],
        triggering: [app("<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")],
        nonTriggering: [
            RuleExample(
                files: app("<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>").files,
                arguments: ["--define", "PRODUCT_BUNDLE_IDENTIFIER=com.example.viewer"])
        ])

    public static let bundleIDMissing = RuleDescription(
        id: "bundle-id-missing", severity: .warning,
        variant: Variant(.note, when: "when the key is absent, which Xcode fills in from PRODUCT_BUNDLE_IDENTIFIER"),
        summary: "No usable CFBundleIdentifier: empty (a warning) or absent; a stand-in id is used.",
        source: bundleIdentifierPage,
        related: ["bundle-id-placeholder", "bundle-id-generated"],
        supersedes: ["vendor-unknown"],
        triggering: [app("<key>CFBundleIdentifier</key><string></string>"), app("")],
        nonTriggering: [app("<key>CFBundleIdentifier</key><string>com.example.viewer</string>")])

    public static let bundleIDGenerated = RuleDescription(
        id: "bundle-id-generated", severity: .note,
        summary:
            "An Info.plist read with build settings (--xcconfig, --define, `defines`) has no CFBundleIdentifier, and the settings generate it from PRODUCT_BUNDLE_IDENTIFIER (GENERATE_INFOPLIST_FILE); that id is used. Within an Xcode project this is how such targets work, and nothing is said.",
        source: managingInfoPlist,
        related: ["bundle-id-missing"],
        triggering: [generated("")],
        nonTriggering: [generated("<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")])

    /// An Info.plist template read with the settings of a target that generates its
    /// Info.plist, from `Config/App.xcconfig`.
    static func generated(_ keys: String) -> RuleExample {
        .infoPlist(
            keys
                + "\n<key>LSApplicationCategoryType</key><string>public.app-category.utilities</string>\n<key>CFBundleDocumentTypes</key><array/>",
            files: [
                "Config/App.xcconfig": "GENERATE_INFOPLIST_FILE = YES\nPRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n"
            ],
            arguments: ["--xcconfig", "Config/App.xcconfig"])
    }

    public static let duplicateBundleID = RuleDescription(
        id: "duplicate-bundle-id", severity: .warning,
        variant: Variant(
            .note,
            when:
                "for two app targets of one Xcode project, variants of one app (a screenshots or lite build) that a device holds one at a time"
        ),
        summary:
            "Two manifests share a bundle id (a device holds one app per id); the second is kept apart as id#2.",
        source: bundleIdentifierPage,
        triggering: [
            RuleExample(files: [
                "A/Info.plist": app("<key>CFBundleIdentifier</key><string>com.example.viewer</string>").files[
                    "App/Info.plist"]!,
                "B/Info.plist": app("<key>CFBundleIdentifier</key><string>com.example.viewer</string>").files[
                    "App/Info.plist"]!,
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                "A/Info.plist": app("<key>CFBundleIdentifier</key><string>com.example.viewer</string>").files[
                    "App/Info.plist"]!,
                "B/Info.plist": app("<key>CFBundleIdentifier</key><string>com.example.editor</string>").files[
                    "App/Info.plist"]!,
            ])
        ])

    public static let unresolvedPlaceholder = RuleDescription(
        id: "unresolved-placeholder", severity: .note,
        summary:
            "A build placeholder no setting defines stays verbatim (one note per variable, at its first use, counting the rest).",
        source: managingInfoPlist,
        related: ["bundle-id-placeholder"],
        triggering: [
            app(
                "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleName</key><string>$(PRODUCT_NAME)</string>"
            )
        ],
        nonTriggering: [
            RuleExample(
                files: app(
                    "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleName</key><string>$(PRODUCT_NAME)</string>"
                ).files,
                arguments: ["--define", "PRODUCT_NAME=Viewer"])
        ])
}
