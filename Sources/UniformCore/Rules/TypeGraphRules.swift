extension RuleDescription {
    static let declaringTypes =
        "Apple, Defining file and data types for your app (https://developer.apple.com/documentation/uniformtypeidentifiers/defining-file-and-data-types-for-your-app)"

    /// One manifest per `declarations` entry (an app id, and the declaration keys it exports).
    static func exporters(_ declarations: [(app: String, keys: String)]) -> RuleExample {
        var files: [String: String] = [:]
        for (index, declaration) in declarations.enumerated() {
            files["App\(index + 1)/Info.plist"] = RuleExample.plist(
                """
                <key>CFBundleIdentifier</key><string>\(declaration.app)</string>
                <key>UTExportedTypeDeclarations</key>
                <array>\(declaration.keys)</array>
                """)
        }
        return RuleExample(files: files)
    }

    static func type(_ id: String, conformsTo parents: [String], extension tag: String) -> String {
        """
        <dict>
          <key>UTTypeIdentifier</key><string>\(id)</string>
          <key>UTTypeConformsTo</key><array>\(parents.map { "<string>\($0)</string>" }.joined())</array>
          <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><array><string>\(tag)</string></array></dict>
        </dict>
        """
    }

    public static let duplicateDeclaration = RuleDescription(
        id: "duplicate-declaration", severity: .warning,
        variant: Variant(
            .note,
            when:
                "when the declaration that loses is an import, or an app's declaration overrides the system catalog's"),
        summary:
            "A type is declared more than once; the declaration that takes precedence (exported over imported, then the tool's guessed order) wins and the others are ignored.",
        source:
            "UTType.h: \"an exported declaration is always preferred over an imported one\"; the order among the rest is undefined (docs/evidence.md §2)",
        related: ["exported-and-imported", "foreign-export"],
        triggering: [
            exporters([
                ("com.example.viewer", type("com.example.doc", conformsTo: ["public.data"], extension: "exdoc")),
                ("com.example.editor", type("com.example.doc", conformsTo: ["public.data"], extension: "exdoc")),
            ])
        ],
        nonTriggering: [
            exporters([
                ("com.example.viewer", type("com.example.doc", conformsTo: ["public.data"], extension: "exdoc")),
                ("com.example.editor", type("com.example.draft", conformsTo: ["public.data"], extension: "exdraft")),
            ])
        ])

    public static let conformanceCycle = RuleDescription(
        id: "conformance-cycle", severity: .warning,
        summary:
            "A type conforms to itself, directly or through others; the edge that closes the cycle is ignored.",
        source: declaringTypes,
        triggering: [
            exporters([
                (
                    "com.example.viewer",
                    type("com.example.a", conformsTo: ["com.example.b"], extension: "exa")
                        + type("com.example.b", conformsTo: ["com.example.a"], extension: "exb")
                )
            ])
        ],
        nonTriggering: [
            exporters([
                (
                    "com.example.viewer",
                    type("com.example.a", conformsTo: ["public.data"], extension: "exa")
                        + type("com.example.b", conformsTo: ["com.example.a"], extension: "exb")
                )
            ])
        ])

    public static let conformanceTooDeep = RuleDescription(
        id: "conformance-too-deep", severity: .warning,
        summary:
            "Types conform to more than 128 others through their parents; the supertypes past that are ignored (a hostile or generated chain: real hierarchies have a dozen or so).",
        source: "The tool's own limit",
        triggering: [chain(140)],
        nonTriggering: [chain(20)])

    /// `length` types, each conforming to the one before.
    static func chain(_ length: Int) -> RuleExample {
        let types = (0..<length).map { n in
            type(
                "com.example.t\(n)", conformsTo: [n == 0 ? "public.data" : "com.example.t\(n - 1)"],
                extension: "ext\(n)")
        }
        var example = exporters([("com.example.viewer", types.joined())])
        example.descriptions["App1/Info.plist"] =
            "App1/Info.plist: com.example.viewer exports com.example.t0 … t\(length - 1), each conforming to the one before"
        return example
    }
}
