import UniformCore

/// The rules of the engine around the checks: a check that fails, the configuration's own
/// mistakes, suppressions and baselines. Defined here, beside the code that emits them, as
/// the core's rules are in UniformCore.
extension RuleDescription {
    static let app = RuleExample.plist(
        """
        <key>CFBundleIdentifier</key><string>com.example.viewer</string>
        <key>CFBundleDocumentTypes</key>
        <array>
          <!-- uniform:ignore missing-role: MARKER -->
          <dict>
            <key>CFBundleTypeName</key><string>Text</string>
            <key>LSHandlerRank</key><string>Alternate</string>
            <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
          </dict>
        </array>
        """)

    /// The app above with its suppression comment written as `comment`.
    static func suppressed(_ comment: String, role: Bool = false) -> RuleExample {
        var text = app.replacingOccurrences(of: "<!-- uniform:ignore missing-role: MARKER -->", with: comment)
        if role {
            text = text.replacingOccurrences(
                of: "<key>LSHandlerRank</key>",
                with: "<key>CFBundleTypeRole</key><string>Viewer</string><key>LSHandlerRank</key>")
        }
        return RuleExample(files: ["App/Info.plist": text])
    }

    public static let ruleError = RuleDescription(
        id: "rule-error", severity: .error, inManifest: false,
        summary:
            "A check failed to run (a Lua error, or an exhausted instruction, memory or time limit); its findings are missing.",
        source: "The rule's own file and line (rules/API.md, \"Checks\")",
        triggering: [
            RuleExample(
                files: [
                    "App/Info.plist": suppressed("", role: true).files["App/Info.plist"]!,
                    "team.lua": "uniform.check { id = \"team.fails\", run = function() error(\"no such app\") end }\n",
                ], arguments: ["-r", "team.lua"])
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "App/Info.plist": suppressed("", role: true).files["App/Info.plist"]!,
                    "team.lua": "uniform.check { id = \"team.quiet\", run = function() end }\n",
                ], arguments: ["-r", "team.lua"])
        ])

    public static let configLimitsCapped = RuleDescription(
        id: "config.limits-capped", severity: .warning, inManifest: false,
        summary:
            "The configuration raises a Lua limit above the ceiling (1e9 instructions, 1024 MB, 60 s per call); it is lowered to it unless --allow-limits is given.",
        source: "The tool's own limits (docs/SPEC.md §4)",
        triggering: [
            RuleExample(files: [
                "App/Info.plist": suppressed("", role: true).files["App/Info.plist"]!,
                ".uniform.lua": "return { limits = { seconds = 600 } }\n",
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                "App/Info.plist": suppressed("", role: true).files["App/Info.plist"]!,
                ".uniform.lua": "return { limits = { seconds = 5 } }\n",
            ])
        ])

    public static let configUnknownRule = RuleDescription(
        id: "config.unknown-rule", severity: .warning, inManifest: false,
        summary:
            "disable, severity, suppress or uniform:ignore names a rule id that does not exist (a typo silences nothing).",
        source: "uniform's configuration file, .uniform.lua (README, \"Configuration\")",
        triggering: [
            RuleExample(files: [
                "App/Info.plist": suppressed("", role: true).files["App/Info.plist"]!,
                ".uniform.lua": "return { disable = { \"missing-rol\" } }\n",
            ])
        ],
        nonTriggering: [
            RuleExample(files: [
                "App/Info.plist": suppressed("", role: true).files["App/Info.plist"]!,
                ".uniform.lua": "return { disable = { \"missing-role\" } }\n",
            ])
        ])

    public static let suppressionMissingReason = RuleDescription(
        id: "suppression.missing-reason", severity: .warning,
        summary: "A suppression gives no reason for silencing its finding.",
        source: "uniform's suppressions (README, \"Suppressions\")",
        related: ["suppression.unused", "suppression.invalid"],
        triggering: [suppressed("<!-- uniform:ignore missing-role -->")],
        nonTriggering: [suppressed("<!-- uniform:ignore missing-role: the app only shows text -->")])

    public static let suppressionUnused = RuleDescription(
        id: "suppression.unused", severity: .warning,
        summary: "A suppression matches no finding; it can go.",
        source: "uniform's suppressions (README, \"Suppressions\")",
        related: ["suppression.missing-reason"],
        triggering: [suppressed("<!-- uniform:ignore missing-role: the app only shows text -->", role: true)],
        nonTriggering: [suppressed("<!-- uniform:ignore missing-role: the app only shows text -->")])

    public static let suppressionInvalid = RuleDescription(
        id: "suppression.invalid", severity: .warning,
        summary: "A uniform:ignore comment names no rule id; it silences nothing.",
        source: "uniform's suppressions (README, \"Suppressions\")",
        related: ["suppression.missing-reason"],
        triggering: [suppressed("<!-- uniform:ignore -->", role: true)],
        nonTriggering: [suppressed("<!-- a comment about the document type -->", role: true)])

    public static let baselineStale = RuleDescription(
        id: "baseline.stale", severity: .note, inManifest: false,
        variant: Variant(.error, when: "with --strict-baseline"),
        summary: "A baseline entry no longer occurs: the finding it accepted is gone, so the entry can go.",
        source: "uniform's baselines (README, \"Baselines\")",
        triggering: [
            RuleExample(
                files: [
                    "App/Info.plist": suppressed("", role: true).files["App/Info.plist"]!,
                    "baseline.json":
                        "{\"version\": \(Baseline.version), \"findings\": [{\"rule\": \"missing-role\", \"file\": \"App/Info.plist\", \"subject\": \"Text\"}]}\n",
                ], arguments: ["--baseline", "baseline.json"])
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    "App/Info.plist": suppressed("", role: false).files["App/Info.plist"]!,
                    "baseline.json":
                        "{\"version\": \(Baseline.version), \"findings\": [{\"rule\": \"missing-role\", \"file\": \"App/Info.plist\", \"subject\": \"Text\"}]}\n",
                ], arguments: ["--baseline", "baseline.json"])
        ])

    /// The engine's rules, after the core's in `uniform rules`.
    public static let engine: [RuleDescription] = [
        ruleError, configLimitsCapped, configUnknownRule, suppressionMissingReason, suppressionUnused,
        suppressionInvalid, baselineStale,
    ]
}
