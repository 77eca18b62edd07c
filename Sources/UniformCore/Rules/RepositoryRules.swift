extension RuleDescription {
    static let configurationReference = "uniform's configuration file, .uniform.lua (README, \"Configuration\")"
    static let textApp = RuleExample.plist(
        """
        <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundleDocumentTypes</key><array/>
        """)

    public static let configOverrideUnmatched = RuleDescription(
        id: "config.override-unmatched", severity: .warning, inManifest: false,
        summary: "An `apps` override in .uniform.lua matches no manifest path and no Xcode target; it changes nothing.",
        source: configurationReference,
        related: ["config.override-ambiguous"],
        triggering: [
            RuleExample(files: [
                "App/Info.plist": textApp,
                ".uniform.lua":
                    "return { apps = { [\"Viewer/Info.plist\"] = { bundle_id = \"com.example.viewer\" } } }\n",
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                "App/Info.plist": textApp,
                ".uniform.lua": "return { apps = { [\"App/Info.plist\"] = { bundle_id = \"com.example.viewer\" } } }\n",
            ])
        ])

    public static let configOverrideAmbiguous = RuleDescription(
        id: "config.override-ambiguous", severity: .warning, inManifest: false,
        summary:
            "Two `apps` overrides match one manifest; the path beats the target name (then sorted order), and the other is ignored for it.",
        source: configurationReference,
        related: ["config.override-unmatched"],
        triggering: [
            RuleExample.xcodeApp(
                settings: ["INFOPLIST_FILE": "App/Info.plist"],
                files: [
                    "App/Info.plist": textApp,
                    ".uniform.lua":
                        "return { apps = {\n  [\"App/Info.plist\"] = { bundle_id = \"com.example.viewer\" },\n  App = { bundle_id = \"com.example.editor\" },\n} }\n",
                ])
        ],
        nonTriggering: [
            RuleExample.xcodeApp(
                settings: ["INFOPLIST_FILE": "App/Info.plist"],
                files: [
                    "App/Info.plist": textApp,
                    ".uniform.lua": "return { apps = { App = { bundle_id = \"com.example.viewer\" } } }\n",
                ])
        ])

    public static let configOutsideRepository = RuleDescription(
        id: "config.outside-repository", severity: .warning, inManifest: false,
        summary:
            "The configuration names a file outside the repository (manifests, project, xcconfig, rules, defaults, context); it is not read, and whether it exists is not revealed.",
        source: "The tool's containment rule (docs/SPEC.md §2)",
        related: ["xcode.outside-repository", "xcconfig.include-outside"],
        triggering: [
            RuleExample(files: [
                "App/Info.plist": textApp, ".uniform.lua": "return { xcconfig = { \"../Shared/App.xcconfig\" } }\n",
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                "App/Info.plist": textApp, ".uniform.lua": "return { xcconfig = { \"Config/App.xcconfig\" } }\n",
                "Config/App.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.example.viewer\n",
            ])
        ])

    public static let defaultsInvalidEntry = RuleDescription(
        id: "defaults.invalid-entry", severity: .warning, inManifest: false,
        summary:
            "The user-defaults plist (--defaults, `defaults`) is not shaped as Launch Services keeps it: no LSHandlers array, or a malformed entry; that entry is not read.",
        source:
            "Launch Services' preferences, com.apple.launchservices.secure.plist (observed; docs/evidence.md §12)",
        triggering: [
            .infoPlist(
                "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleDocumentTypes</key><array/>",
                files: [
                    "defaults.plist": RuleExample.plist(
                        "<key>LSHandlers</key><array><string>com.example.viewer</string></array>")
                ],
                arguments: ["--defaults", "defaults.plist"])
        ],
        nonTriggering: [
            .infoPlist(
                "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleDocumentTypes</key><array/>",
                files: [
                    "defaults.plist": RuleExample.plist(
                        "<key>LSHandlers</key><array><dict><key>LSHandlerContentType</key><string>public.plain-text</string><key>LSHandlerRoleAll</key><string>com.example.viewer</string></dict></array>"
                    )
                ],
                arguments: ["--defaults", "defaults.plist"])
        ])
}
