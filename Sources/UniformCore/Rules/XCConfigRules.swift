extension RuleDescription {
    static let xcconfigFormat =
        "Apple, Xcode Help: Configuration Settings File (xcconfig) format (https://help.apple.com/xcode/mac/current/en.lproj/dev745c5c974.html)"

    /// An app whose Info.plist takes its id from `App.xcconfig`, read with `--xcconfig`.
    static func xcconfig(_ text: String, files: [String: String] = [:]) -> RuleExample {
        var all = files
        all["Config/App.xcconfig"] = text
        return .infoPlist(
            "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n<key>CFBundleDocumentTypes</key><array/>",
            files: all, arguments: ["--xcconfig", "Config/App.xcconfig"])
    }

    public static let xcconfigMissingInclude = RuleDescription(
        id: "xcconfig.missing-include", severity: .warning, inManifest: false,
        variant: Variant(.note, when: "for CocoaPods' files (Pods/Target Support Files), which pod install writes"),
        summary:
            "An #include names a file that cannot be read; its settings are not applied (Xcode fails the build; #include? is allowed to be missing).",
        source: xcconfigFormat,
        related: ["xcode.missing-xcconfig"],
        triggering: [xcconfig("#include \"Shared.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n")],
        nonTriggering: [
            xcconfig("#include? \"Local.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n"),
            xcconfig(
                "#include \"Shared.xcconfig\"\n",
                files: ["Config/Shared.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n"]),
        ])

    public static let xcconfigIncludeOutside = RuleDescription(
        id: "xcconfig.include-outside", severity: .warning, inManifest: false,
        variant: Variant(.note, when: "for #include?, which Xcode skips when the file is absent"),
        summary: "An #include names a file outside the repository; it is not read.",
        source: xcconfigFormat,
        related: ["xcode.outside-repository", "config.outside-repository"],
        triggering: [xcconfig("#include \"../../Secrets.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n")],
        nonTriggering: [
            xcconfig(
                "#include \"Shared.xcconfig\"\n",
                files: ["Config/Shared.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n"])
        ])

    public static let xcconfigIncludeCycle = RuleDescription(
        id: "xcconfig.include-cycle", severity: .warning, inManifest: false,
        summary: "#include chains that loop, or nest too deep, are cut where they loop.",
        source: xcconfigFormat,
        triggering: [
            xcconfig(
                "#include \"Shared.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n",
                files: ["Config/Shared.xcconfig": "#include \"App.xcconfig\"\n"])
        ],
        nonTriggering: [
            xcconfig(
                "#include \"Shared.xcconfig\"\nPRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n",
                files: ["Config/Shared.xcconfig": "MARKETING_VERSION = 1.0\n"])
        ])

    public static let xcconfigSyntax = RuleDescription(
        id: "xcconfig.syntax", severity: .warning, inManifest: false,
        summary: "A line of an .xcconfig file is not a setting, an include or a comment; it is ignored.",
        source: xcconfigFormat,
        triggering: [xcconfig("PRODUCT_BUNDLE_IDENTIFIER: com.example.viewer\n")],
        nonTriggering: [xcconfig("// The app's id\nPRODUCT_BUNDLE_IDENTIFIER = com.example.viewer // a comment\n")])

    public static let xcconfigConditionSkipped = RuleDescription(
        id: "xcconfig.condition-skipped", severity: .note, inManifest: false,
        summary:
            "A setting conditional on the SDK or architecture, for a manifest outside a project (whose SDK is unknown); the value without that condition is used.",
        source: xcconfigFormat + ", conditional build settings",
        triggering: [
            xcconfig(
                "PRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\nPRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*] = com.example.viewer-ios\n"
            )
        ],
        nonTriggering: [
            xcconfig(
                "PRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\nPRODUCT_BUNDLE_IDENTIFIER[config=Debug] = com.example.viewer.debug\n"
            )
        ])

    public static let xcconfigTooLarge = RuleDescription(
        id: "xcconfig.too-large", severity: .warning, inManifest: false,
        summary:
            "An .xcconfig load past 10,000 settings or 10,000 includes (an include diamond); the rest is not read.",
        source: "The tool's own limit (real configurations set a few hundred settings)",
        triggering: [manyXCConfigSettings(10_001)],
        nonTriggering: [manyXCConfigSettings(50)])

    /// `count` settings in the app's .xcconfig before its id.
    static func manyXCConfigSettings(_ count: Int) -> RuleExample {
        var example = xcconfig(
            (0..<count).map { "SETTING_\($0) = \($0)\n" }.joined() + "PRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n")
        example.descriptions["Config/App.xcconfig"] =
            "Config/App.xcconfig: SETTING_0 = 0 … SETTING_\(count - 1) = \(count - 1), then PRODUCT_BUNDLE_IDENTIFIER = com.example.viewer"
        return example
    }
}
