extension RuleDescription {
    static let documentTypesPage =
        "Apple, CFBundleDocumentTypes (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes)"
    static let typeDeclarationsPage =
        "Apple, UTExportedTypeDeclarations (https://developer.apple.com/documentation/bundleresources/information-property-list/utexportedtypedeclarations)"

    /// An app that opens `.viewerdoc` files of its own type with `keys` added to the document
    /// type: the shape most manifest examples vary.
    static func viewerDocument(_ keys: String) -> RuleExample {
        .infoPlist(
            """
            <key>CFBundleIdentifier</key><string>com.example.viewer</string>
            <key>CFBundleDocumentTypes</key>
            <array><dict>
              <key>CFBundleTypeName</key><string>Viewer Document</string>
              <key>LSItemContentTypes</key><array><string>public.plain-text</string></array>
              \(keys.replacingOccurrences(of: "\n", with: "\n  "))
            </dict></array>
            """)
    }

    public static let manifestRootNotDictionary = RuleDescription(
        id: "manifest.root-not-dictionary", severity: .error,
        summary: "The root of an Info.plist is not a dictionary; nothing in it is read.",
        source:
            "Apple, Information Property List (https://developer.apple.com/documentation/bundleresources/information-property-list)",
        related: ["plist.parse-error"],
        triggering: [
            RuleExample(
                files: [
                    "App/Info.plist":
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>\n  <string>com.example.viewer</string>\n</array>\n</plist>\n"
                ],
                arguments: ["App/Info.plist"])
        ],
        nonTriggering: [
            .infoPlist(
                "<key>CFBundleIdentifier</key><string>com.example.viewer</string>", arguments: ["App/Info.plist"])
        ])

    public static let manifestInvalidValue = RuleDescription(
        id: "manifest.invalid-value", severity: .warning,
        variant: Variant(
            .error,
            when:
                "when CFBundleDocumentTypes or a type declaration list, or one of their entries, is not the documented collection: every claim or declaration in it is lost"
        ),
        summary:
            "A key Launch Services reads has a value of a type it cannot be read as (a dictionary or a number where a list of strings or a string belongs); the value is ignored. A single string where a list belongs is read as a list of one, as real manifests rely on.",
        source: documentTypesPage,
        related: ["manifest.missing-identifier"],
        triggering: [
            viewerDocument(
                "<key>CFBundleTypeRole</key><string>Viewer</string>\n<key>CFBundleTypeExtensions</key><integer>3</integer>"
            ),
            .infoPlist(
                "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>UTExportedTypeDeclarations</key><dict/>"
            ),
        ],
        nonTriggering: [
            viewerDocument(
                "<key>CFBundleTypeRole</key><string>Viewer</string>\n<key>CFBundleTypeExtensions</key><array><string>txt</string></array>"
            )
        ])

    public static let manifestTooManyEntries = RuleDescription(
        id: "manifest.too-many-entries", severity: .warning,
        summary:
            "CFBundleDocumentTypes or a type declaration list has more than 2,000 entries; only the first 2,000 are read (real apps have about a hundred at most).",
        source: "The tool's own limit against hostile or generated manifests (docs/SPEC.md, limits)",
        triggering: [manyDocumentTypes(2_001)],
        nonTriggering: [manyDocumentTypes(20)])

    static func manyDocumentTypes(_ count: Int) -> RuleExample {
        let entry =
            "<dict><key>CFBundleTypeRole</key><string>Viewer</string><key>LSItemContentTypes</key><array><string>public.plain-text</string></array></dict>"
        var example = RuleExample.infoPlist(
            "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleDocumentTypes</key><array>\n"
                + String(repeating: entry + "\n", count: count) + "</array>")
        example.descriptions["App/Info.plist"] =
            "App/Info.plist: com.example.viewer with \(count) document types, each a Viewer of public.plain-text"
        return example
    }

    public static let manifestUnknownRole = RuleDescription(
        id: "manifest.unknown-role", severity: .warning,
        summary: "CFBundleTypeRole has a value Apple does not document; the claim counts as Viewer.",
        source:
            "Apple, CFBundleTypeRole (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes/cfbundletyperole): Editor, Viewer, Shell, QLGenerator or None",
        related: ["role-rank-swapped", "missing-role"],
        triggering: [viewerDocument("<key>CFBundleTypeRole</key><string>Reader</string>")],
        nonTriggering: [viewerDocument("<key>CFBundleTypeRole</key><string>Viewer</string>")])

    public static let manifestUnknownRank = RuleDescription(
        id: "manifest.unknown-rank", severity: .warning,
        summary: "LSHandlerRank has a value Apple does not document; Launch Services treats it as Default.",
        source:
            "Apple, LSHandlerRank (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes/lshandlerrank): Owner, Default, Alternate or None",
        related: ["role-rank-swapped"],
        triggering: [
            viewerDocument(
                "<key>CFBundleTypeRole</key><string>Viewer</string>\n<key>LSHandlerRank</key><string>Primary</string>")
        ],
        nonTriggering: [
            viewerDocument(
                "<key>CFBundleTypeRole</key><string>Viewer</string>\n<key>LSHandlerRank</key><string>Alternate</string>"
            )
        ])

    public static let roleRankSwapped = RuleDescription(
        id: "role-rank-swapped", severity: .warning,
        summary:
            "CFBundleTypeRole holds a rank (Owner, Default, Alternate) and LSHandlerRank a role or nothing: the values are swapped, so neither is read.",
        source: documentTypesPage,
        related: ["manifest.unknown-role", "manifest.unknown-rank"],
        triggering: [
            viewerDocument(
                "<key>CFBundleTypeRole</key><string>Owner</string>\n<key>LSHandlerRank</key><string>Editor</string>")
        ],
        nonTriggering: [
            viewerDocument(
                "<key>CFBundleTypeRole</key><string>Editor</string>\n<key>LSHandlerRank</key><string>Owner</string>")
        ])

    public static let missingRole = RuleDescription(
        id: "missing-role", severity: .warning,
        variant: Variant(.note, when: "on iOS, whose guide to document types does not ask for the key"),
        summary:
            "A document type has no CFBundleTypeRole; it counts as Viewer, so an editor's documents open read-only in AppKit's sense.",
        source:
            "Apple, CFBundleTypeRole (https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundledocumenttypes/cfbundletyperole)",
        related: ["manifest.unknown-role"],
        triggering: [viewerDocument("<key>LSHandlerRank</key><string>Alternate</string>")],
        nonTriggering: [
            viewerDocument(
                "<key>CFBundleTypeRole</key><string>Editor</string>\n<key>LSHandlerRank</key><string>Alternate</string>"
            )
        ])

    public static let manifestMissingIdentifier = RuleDescription(
        id: "manifest.missing-identifier", severity: .error,
        summary: "A type declaration has no UTTypeIdentifier; the declaration is ignored.",
        source: typeDeclarationsPage,
        related: ["empty-identifier"],
        triggering: [declaration("<key>UTTypeDescription</key><string>Viewer Document</string>")],
        nonTriggering: [declaration("<key>UTTypeIdentifier</key><string>com.example.viewer.document</string>")])

    public static let emptyIdentifier = RuleDescription(
        id: "empty-identifier", severity: .warning,
        summary: "An empty string where a type identifier belongs; it names nothing and is ignored.",
        source: typeDeclarationsPage,
        related: ["manifest.missing-identifier"],
        triggering: [declaration("<key>UTTypeIdentifier</key><string> </string>")],
        nonTriggering: [declaration("<key>UTTypeIdentifier</key><string>com.example.viewer.document</string>")])

    /// An app exporting one type whose declaration holds `keys`.
    static func declaration(_ keys: String) -> RuleExample {
        .infoPlist(
            """
            <key>CFBundleIdentifier</key><string>com.example.viewer</string>
            <key>UTExportedTypeDeclarations</key>
            <array><dict>
              \(keys.replacingOccurrences(of: "\n", with: "\n  "))
              <key>UTTypeConformsTo</key><array><string>public.data</string></array>
              <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>viewerdoc</string></array></dict>
            </dict></array>
            """)
    }

    public static let manifestExpansionTooLarge = RuleDescription(
        id: "manifest.expansion-too-large", severity: .warning,
        summary:
            "Build-setting placeholders grow one manifest by more than 16 MiB; the remaining values stay as written.",
        source: "The tool's own limit: 16,384-character settings in 250,000 values would be 4 GB",
        related: ["xcode.setting-too-long"],
        triggering: [expansion(values: 1_100)],
        nonTriggering: [expansion(values: 10)])

    /// `values` strings that each expand a 16,000-character `--define` (1,100 of them pass 16 MiB).
    static func expansion(values: Int) -> RuleExample {
        // Names, not extensions: 16 MiB of tags would make the run itself slow (5 s in a debug
        // build), and the limit is the reader's, whatever the key.
        let entry =
            "<dict><key>CFBundleTypeName</key><string>$(BIG)</string><key>CFBundleTypeRole</key><string>Viewer</string>"
            + "<key>LSHandlerRank</key><string>Alternate</string>"
            + "<key>LSItemContentTypes</key><array><string>public.plain-text</string></array></dict>\n"
        var example = RuleExample.infoPlist(
            "<key>CFBundleIdentifier</key><string>com.example.viewer</string>\n<key>CFBundleDocumentTypes</key><array>\n"
                + String(repeating: entry, count: values) + "</array>")
        example.arguments = ["--define", "BIG=" + String(repeating: "x", count: 16_000)]
        example.descriptions["App/Info.plist"] =
            "App/Info.plist: com.example.viewer with \(values) document types, each named $(BIG)"
        return example
    }
}
