import UniformCore

/// The rules the loader and the type graph apply while reading (they need no Lua), listed
/// beside the Lua checks so `uniform rules`, reporters and configuration treat them alike.
public enum BuiltinRules {
    public static let all: [RuleInfo] = [
        RuleInfo(id: "plist.parse-error", severity: .error, description: "A manifest could not be parsed."),
        RuleInfo(
            id: "plist.stray-text", severity: .warning,
            description: "Text outside any element, such as unprocessed #ifdef lines."),
        RuleInfo(
            id: "missing-role", severity: .warning,
            description: "A document type has no CFBundleTypeRole; it counts as Viewer."),
        RuleInfo(
            id: "empty-identifier", severity: .warning, description: "An empty string where a type identifier belongs."),
        RuleInfo(
            id: "duplicate-key", severity: .warning,
            description: "A key appears twice in one dictionary; the last value wins."),
        RuleInfo(
            id: "duplicate-bundle-id", severity: .warning,
            description: "Two manifests share a bundle id; the second is kept apart as id#2."),
        RuleInfo(
            id: "duplicate-declaration", severity: .warning,
            description: "A type is declared more than once; the declaration that takes precedence wins."),
        RuleInfo(
            id: "conformance-cycle", severity: .warning,
            description: "A type conforms to itself, directly or through others; the cycle is broken."),
        RuleInfo(
            id: "conformance-too-deep", severity: .warning,
            description:
                "Types conform to more than 128 others through their parents; the rest of their supertypes is ignored (a hostile or generated chain)."
        ),
        RuleInfo(
            id: "bundle-id-placeholder", severity: .note,
            description: "CFBundleIdentifier is a build placeholder; a stand-in id is used."),
        RuleInfo(
            id: "bundle-id-missing", severity: .warning,
            description:
                "No usable CFBundleIdentifier; a stand-in id is used. Empty: a warning; absent: a note (Xcode adds it from build settings)."
        ),
        RuleInfo(
            id: "manifest.too-many-entries", severity: .warning,
            description:
                "CFBundleDocumentTypes or a type declaration list has more than 2,000 entries; only the first 2,000 are read."
        ),
        RuleInfo(
            id: "manifest.invalid-value", severity: .warning,
            description: "A key has a value of the wrong type; it is ignored."),
        RuleInfo(
            id: "manifest.unknown-role", severity: .warning, description: "CFBundleTypeRole has an unknown value."),
        RuleInfo(
            id: "manifest.unknown-rank", severity: .warning,
            description: "LSHandlerRank has an unknown value; Launch Services treats it as Default."),
        RuleInfo(
            id: "role-rank-swapped", severity: .warning,
            description:
                "CFBundleTypeRole holds a rank (Owner, Default, Alternate) and LSHandlerRank a role or nothing: the values are swapped and neither is read."
        ),
        RuleInfo(
            id: "manifest.missing-identifier", severity: .error,
            description: "A type declaration has no UTTypeIdentifier."),
        RuleInfo(
            id: "manifest.root-not-dictionary", severity: .error,
            description: "The root of an Info.plist is not a dictionary."),
        RuleInfo(
            id: "bundle-id-generated", severity: .note,
            description:
                "No CFBundleIdentifier; Xcode generates it from PRODUCT_BUNDLE_IDENTIFIER (GENERATE_INFOPLIST_FILE)."),
        RuleInfo(
            id: "xcode.missing-info-plist", severity: .note,
            description: "A target's INFOPLIST_FILE is not in the repository; the target is not checked."),
        RuleInfo(
            id: "xcode.no-info-plist", severity: .note,
            description: "An app-like target sets neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE."),
        RuleInfo(
            id: "xcode.missing-project", severity: .note,
            description: "A workspace lists a project that is not in the repository (a submodule not checked out)."),
        RuleInfo(
            id: "xcode.unreadable-workspace", severity: .warning,
            description: "A workspace's contents.xcworkspacedata cannot be read."),
        RuleInfo(
            id: "xcode.missing-xcconfig", severity: .warning,
            description:
                "A build configuration's base .xcconfig is not in the repository; its settings are not applied."),
        RuleInfo(
            id: "xcode.outside-repository", severity: .warning,
            description: "A project names a file outside the repository; it is not read."),
        RuleInfo(
            id: "xcode.configuration-missing", severity: .note,
            description: "The project has no build configuration of the requested name; its default is used."),
        RuleInfo(
            id: "xcode.setting-cycle", severity: .warning,
            description: "A build setting refers to itself; the reference is left unexpanded."),
        RuleInfo(
            id: "xcode.setting-too-long", severity: .warning,
            description: "A build setting expands past 16,384 characters; the value is cut."),
        RuleInfo(
            id: "xcconfig.missing-include", severity: .warning,
            description:
                "An #include names a file that cannot be read; its settings are not applied (Xcode fails the build)."),
        RuleInfo(
            id: "xcconfig.include-outside", severity: .warning,
            description: "An #include names a file outside the repository; it is not read (a note for #include?)."),
        RuleInfo(
            id: "xcconfig.include-cycle", severity: .warning,
            description: "#include chains that loop or nest too deep are cut."),
        RuleInfo(
            id: "xcconfig.syntax", severity: .warning,
            description: "A line of an .xcconfig file is not a setting or an include; it is ignored."),
        RuleInfo(
            id: "xcconfig.condition-skipped", severity: .note,
            description:
                "A setting conditional on the SDK or architecture, for a manifest outside a project (whose SDK is unknown); the value without that condition is used."
        ),
        RuleInfo(
            id: "xcconfig.too-large", severity: .warning,
            description:
                "An .xcconfig load past 10,000 settings or 10,000 includes (an include diamond); the rest is not read."
        ),
        RuleInfo(
            id: "manifest.expansion-too-large", severity: .warning,
            description:
                "Build-setting placeholders grow one manifest by more than 16 MiB; the remaining values stay as written."
        ),
        RuleInfo(
            id: "xcode.too-many-settings", severity: .warning,
            description: "A project or target configuration sets more than 10,000 build settings; the rest is not read."
        ),
        RuleInfo(
            id: "config.override-unmatched", severity: .warning,
            description:
                "An `apps` override in .uniform.lua matches no manifest path and no Xcode target; it changes nothing."),
        RuleInfo(
            id: "config.override-ambiguous", severity: .warning,
            description:
                "Two `apps` overrides match one manifest; the path beats the target name (then sorted order), the other is ignored for it."
        ),
        RuleInfo(
            id: "defaults.invalid-entry", severity: .warning,
            description: "An LSHandlers entry of a preferences plist is malformed."),
        RuleInfo(
            id: "rule-error", severity: .error,
            description: "A check failed to run (a Lua error or an exhausted limit)."),
        RuleInfo(
            id: "config.limits-capped", severity: .warning,
            description:
                "The configuration raises a Lua limit above the ceiling (1e9 instructions, 1024 MB, 60 s per call); it is lowered to it unless --allow-limits is given."
        ),
        RuleInfo(
            id: "xcode.generated-project", severity: .note,
            description:
                "The repository generates its Xcode project (XcodeGen, Tuist) and has none checked in; Info.plist files are read without build settings."
        ),
        RuleInfo(
            id: "config.outside-repository", severity: .warning,
            description:
                "The configuration names a file outside the repository (manifests, project, xcconfig, rules, defaults); it is not read."
        ),
        RuleInfo(
            id: "unresolved-placeholder", severity: .note,
            description: "A build placeholder no setting defines stays verbatim (one note per variable)."),
        RuleInfo(
            id: UnknownRuleIDs.rule, severity: .warning,
            description: "disable, severity, suppress or uniform:ignore names a rule id that does not exist."),
        RuleInfo(
            id: SuppressionFilter.missingReason, severity: .warning,
            description: "A suppression gives no reason for silencing its finding."),
        RuleInfo(
            id: SuppressionFilter.unused, severity: .warning,
            description: "A suppression matches no finding; it can go."),
        RuleInfo(
            id: SuppressionFilter.invalid, severity: .warning, description: "A uniform:ignore comment names no rule id."
        ),
        RuleInfo(
            id: BaselineComparison.staleRule, severity: .note,
            description: "A baseline entry no longer occurs (an error with --strict-baseline)."),
    ]
}

extension RuleEngine {
    /// Every rule: built-in ones, then Lua checks in load order.
    public var ruleInfos: [RuleInfo] {
        BuiltinRules.all
            + checkInfos.map {
                RuleInfo(
                    id: $0.id, severity: $0.severity, description: $0.description, definedAt: $0.location,
                    helpURI: RuleDocumentation(id: $0.id, description: $0.description, source: $0.source).sourceURL,
                    example: $0.example, source: $0.source)
            }
    }
}
