extension RuleDescription {
    static let buildSettingsReference =
        "Apple, Build settings reference (https://developer.apple.com/documentation/xcode/build-settings-reference)"
    /// A second app beside the project, so a run whose project yields nothing still has a
    /// manifest to check: `uniform check App.xcodeproj Viewer/Info.plist`.
    static func besideViewer(_ example: RuleExample, _ input: String = "App.xcodeproj") -> RuleExample {
        var example = example
        example.files["Viewer/Info.plist"] = viewerPlist
        example.arguments = [input, "Viewer/Info.plist"] + example.arguments
        return example
    }

    static let viewerPlist = RuleExample.plist(
        """
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key><array/>
        """)

    public static let xcodeMissingInfoPlist = RuleDescription(
        id: "xcode.missing-info-plist", severity: .note, inManifest: false,
        summary:
            "A target's INFOPLIST_FILE is not in the repository (a build phase writes it, or it was moved); the target is not checked.",
        source: buildSettingsReference + ", INFOPLIST_FILE",
        related: ["xcode.no-info-plist"],
        triggering: [
            besideViewer(
                .xcodeApp(settings: ["INFOPLIST_FILE": "App/Moved.plist"], files: ["App/Info.plist": viewerPlist]))
        ],
        nonTriggering: [
            .xcodeApp(settings: ["INFOPLIST_FILE": "App/Info.plist"], files: ["App/Info.plist": viewerPlist])
        ])

    public static let xcodeNoInfoPlist = RuleDescription(
        id: "xcode.no-info-plist", severity: .note, inManifest: false,
        summary:
            "An app-like target sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE; it has no Info.plist to read.",
        source: buildSettingsReference + ", INFOPLIST_FILE and GENERATE_INFOPLIST_FILE",
        related: ["xcode.missing-info-plist"],
        triggering: [besideViewer(.xcodeApp(settings: ["PRODUCT_NAME": "App"]))],
        nonTriggering: [
            .xcodeApp(
                settings: ["GENERATE_INFOPLIST_FILE": "YES", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.viewer"])
        ])

    public static let xcodeMissingProject = RuleDescription(
        id: "xcode.missing-project", severity: .note, inManifest: false,
        summary:
            "A workspace lists a project that is not in the repository (a submodule not checked out); its targets are not read.",
        source:
            "Xcode's workspace format: contents.xcworkspacedata lists FileRef locations (observed; Apple documents no schema)",
        triggering: [besideViewer(.workspace(["Vendor/Engine.xcodeproj"]), "App.xcworkspace")],
        nonTriggering: [besideViewer(.workspace([]), "App.xcworkspace")])

    public static let xcodeUnreadableWorkspace = RuleDescription(
        id: "xcode.unreadable-workspace", severity: .warning, inManifest: false,
        summary:
            "A workspace's contents.xcworkspacedata cannot be read as XML; the projects it lists are not found through it.",
        source:
            "Xcode's workspace format: contents.xcworkspacedata lists FileRef locations (observed; Apple documents no schema)",
        triggering: [
            RuleExample(files: [
                "App.xcworkspace/contents.xcworkspacedata": "<Workspace version = \"1.0\">\n<FileRef",
                "Viewer/Info.plist": viewerPlist,
            ])
        ],
        nonTriggering: [.workspace([], files: ["Viewer/Info.plist": viewerPlist])])

    public static let xcodeMissingXCConfig = RuleDescription(
        id: "xcode.missing-xcconfig", severity: .warning, inManifest: false,
        variant: Variant(.note, when: "for CocoaPods' files (Pods/Target Support Files), which pod install writes"),
        summary: "A build configuration's base .xcconfig is not in the repository; its settings are not applied.",
        source:
            "Apple, Adding a build configuration file to your project (https://developer.apple.com/documentation/xcode/adding-a-build-configuration-file-to-your-project)",
        related: ["xcconfig.missing-include"],
        triggering: [
            .xcodeApp(
                settings: ["INFOPLIST_FILE": "App/Info.plist"], baseConfiguration: "Config/App.xcconfig",
                files: ["App/Info.plist": viewerPlist]),
            .xcodeApp(
                settings: ["INFOPLIST_FILE": "App/Info.plist"],
                baseConfiguration: "Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig",
                files: ["App/Info.plist": viewerPlist]),
        ],
        nonTriggering: [
            .xcodeApp(
                settings: ["INFOPLIST_FILE": "App/Info.plist"], baseConfiguration: "Config/App.xcconfig",
                files: ["App/Info.plist": viewerPlist, "Config/App.xcconfig": "MARKETING_VERSION = 1.0\n"])
        ])

    public static let xcodeOutsideRepository = RuleDescription(
        id: "xcode.outside-repository", severity: .warning, inManifest: false,
        variant: Variant(.note, when: "for a project a workspace lists outside the folder searched"),
        summary:
            "A project names a file outside the repository (an Info.plist, a base configuration, a linked folder); it is not read, so the run never shows files it was not given.",
        source: "The tool's containment rule (docs/SPEC.md §2)",
        related: ["config.outside-repository", "xcconfig.include-outside"],
        triggering: [besideViewer(.xcodeApp(settings: ["INFOPLIST_FILE": "../Elsewhere/Info.plist"]))],
        nonTriggering: [
            .xcodeApp(settings: ["INFOPLIST_FILE": "App/Info.plist"], files: ["App/Info.plist": viewerPlist])
        ])

    public static let xcodeConfigurationMissing = RuleDescription(
        id: "xcode.configuration-missing", severity: .note, inManifest: false,
        summary:
            "The project has no build configuration of the requested name (Release unless --configuration or `configuration` says otherwise); its default is used.",
        source: buildSettingsReference + ", CONFIGURATION",
        triggering: [
            .xcodeApp(
                settings: ["INFOPLIST_FILE": "App/Info.plist"], configuration: "Debug",
                files: ["App/Info.plist": viewerPlist])
        ],
        nonTriggering: [
            .xcodeApp(
                settings: ["INFOPLIST_FILE": "App/Info.plist"], configuration: "Debug",
                files: ["App/Info.plist": viewerPlist],
                arguments: ["--configuration", "Debug"])
        ])

    public static let xcodeSettingCycle = RuleDescription(
        id: "xcode.setting-cycle", severity: .warning, inManifest: false,
        summary: "A build setting refers to itself, directly or through others; the reference is left unexpanded.",
        source: buildSettingsReference,
        triggering: [
            .xcodeApp(
                settings: [
                    "INFOPLIST_FILE": "App/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE_ID)",
                    "BASE_ID": "$(PRODUCT_BUNDLE_IDENTIFIER).app",
                ],
                files: [
                    "App/Info.plist": RuleExample.plist(
                        "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
                ])
        ],
        nonTriggering: [
            .xcodeApp(
                settings: [
                    "INFOPLIST_FILE": "App/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "$(BASE_ID).app",
                    "BASE_ID": "com.example",
                ],
                files: [
                    "App/Info.plist": RuleExample.plist(
                        "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>")
                ])
        ])

    public static let xcodeSettingTooLong = RuleDescription(
        id: "xcode.setting-too-long", severity: .warning, inManifest: false,
        summary: "A build setting expands past 16,384 characters; the value is cut there.",
        source: "The tool's own limit (real settings are a few hundred characters)",
        related: ["manifest.expansion-too-large"],
        triggering: [longSetting(17_000)],
        nonTriggering: [longSetting(100)])

    static func longSetting(_ length: Int) -> RuleExample {
        .xcodeApp(
            settings: [
                "INFOPLIST_FILE": "App/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.viewer",
                "LONG": "$(PART)$(PART)", "PART": String(repeating: "x", count: length / 2),
            ],
            files: [
                "App/Info.plist": RuleExample.plist(
                    "<key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>\n<key>Long</key><string>$(LONG)</string>"
                )
            ])
    }

    public static let xcodeTooManySettings = RuleDescription(
        id: "xcode.too-many-settings", severity: .warning, inManifest: false,
        summary: "A project or target configuration sets more than 10,000 build settings; the rest is not read.",
        source: "The tool's own limit (real configurations set a few hundred)",
        triggering: [manySettings(10_001)],
        nonTriggering: [manySettings(50)])

    static func manySettings(_ count: Int) -> RuleExample {
        var settings = ["INFOPLIST_FILE": "App/Info.plist"]
        for n in 0..<count { settings["SETTING_\(n)"] = "\(n)" }
        return .xcodeApp(settings: settings, files: ["App/Info.plist": viewerPlist])
    }

    public static let xcodeGeneratedProject = RuleDescription(
        id: "xcode.generated-project", severity: .note, inManifest: false,
        summary:
            "The repository generates its Xcode project (XcodeGen's project.yml, Tuist's Project.swift) and has none checked in; Info.plist files are read without build settings.",
        source: "XcodeGen and Tuist's documented inputs (project.yml, Project.swift)",
        triggering: [RuleExample(files: ["project.yml": "name: Viewer\n", "App/Info.plist": viewerPlist])],
        nonTriggering: [RuleExample(files: ["App/Info.plist": viewerPlist])])
}
