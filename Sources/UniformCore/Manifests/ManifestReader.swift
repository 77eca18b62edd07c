import UniformPlist

/// Turns a parsed Info.plist into a `Manifest`, tolerating junk.
///
/// Real manifests contain placeholders, strings where arrays belong, misspelled keys, empty
/// identifiers and repeated keys. None of that stops reading: each problem becomes a finding
/// at its file:line, and the reader keeps whatever can still be understood.
public struct ManifestReader {
    public var defines: [String: String]
    /// How much placeholder expansion may grow one manifest (`Context.expand`).
    static let maxExpansionGrowth = 16 << 20
    /// The platform the app is built for, when a project says (its target's `SDKROOT`);
    /// otherwise the manifest's own keys decide.
    public var platform: Platform?

    /// The file is built by Xcode with these settings (read with its project): `$$` in a value
    /// is one `$`, as Xcode's Info.plist processing makes it.
    public var xcodeBuilt: Bool

    public init(defines: [String: String] = [:], platform: Platform? = nil, xcodeBuilt: Bool = false) {
        self.defines = defines
        self.platform = platform
        self.xcodeBuilt = xcodeBuilt
    }

    /// Keys whose presence makes a plist a manifest (Discovery, docs/SPEC.md §2). `NSExtension` makes
    /// app extensions manifests: a Quick Look preview extension previews types.
    public static let manifestKeys = [
        "CFBundleIdentifier", "CFBundleDocumentTypes", "UTExportedTypeDeclarations", "UTImportedTypeDeclarations",
        "NSExtension",
    ]

    /// True when the document's root is a dictionary holding one of `manifestKeys`.
    public static func isManifest(_ document: PlistDocument) -> Bool {
        guard case .dictionary(let root) = document.root.value else { return false }
        return manifestKeys.contains { root[$0] != nil }
    }

    /// Reads a manifest. `file` is the path used in locations; `standInSeed` (usually the same
    /// relative path) derives a stable stand-in bundle id when the real one is unusable.
    public func read(_ document: PlistDocument, file: String, standInSeed: String? = nil) -> Manifest {
        var context = Context(file: file, defines: defines, xcode: xcodeBuilt)
        let rootLocation = context.location(document.root.mark)
        guard case .dictionary(let root) = document.root.value else {
            context.report(
                .manifestRootNotDictionary,
                "the root of an Info.plist must be a dictionary, found \(document.root.kindDescription)",
                at: document.root.mark)
            return Manifest(
                bundleID: Self.standInBundleID(for: standInSeed ?? file), declaredBundleID: nil, file: file,
                location: rootLocation, findings: context.findings, document: document)
        }
        context.reportDuplicateKeys(in: root)
        for stray in document.strayText {
            let hint =
                stray.text.hasPrefix("#")
                ? " (an Info.plist preprocessor directive: Xcode runs the C preprocessor when INFOPLIST_PREPROCESS is set; this tool reads the file as is and ignores the line)"
                : "; it is ignored"
            context.report(
                .plistStrayText, "text outside any element: '\(stray.text.prefix(60))'\(hint)",
                at: stray.mark, subject: String(stray.text.prefix(60)))
        }

        let declaredID = context.string(root, "CFBundleIdentifier")
        var writtenID = declaredID?.value
        var bundleID: String
        if let id = declaredID?.value, !id.isEmpty, !Placeholders.containsPlaceholder(id) {
            bundleID = id
        } else {
            bundleID = Self.standInBundleID(for: standInSeed ?? file)
            if let id = declaredID {
                if id.value.isEmpty {
                    context.report(
                        .bundleIDMissing, "CFBundleIdentifier is empty; using the stand-in '\(bundleID)'",
                        at: id.location)
                } else {
                    let names = Placeholders.expand(id.value, defines: defines, bareUnresolved: true).unresolved
                    // A whole id takes a whole id; a part of one (`com.acme.$(PRODUCT_NAME)`) a label.
                    let hint =
                        names.first.map { name in
                            let whole = id.value == "$(\(name))" || id.value == "${\(name)}"
                            return " (pass --define \(name)=\(whole ? "com.example.app" : "MyApp"))"
                        } ?? ""
                    context.report(
                        .bundleIDPlaceholder,
                        "CFBundleIdentifier '\(id.value)' is a build placeholder; using the stand-in '\(bundleID)'\(hint); checks that need the app's vendor judge only Apple's identifiers",
                        at: id.location, subject: id.value)
                }
            } else if let generated = generatedBundleID {
                // Xcode's GENERATE_INFOPLIST_FILE adds CFBundleIdentifier from the build setting.
                bundleID = generated
                writtenID = generated
                context.findings.append(
                    Finding(
                        .bundleIDGenerated,
                        message:
                            "no CFBundleIdentifier; Xcode generates it from PRODUCT_BUNDLE_IDENTIFIER (GENERATE_INFOPLIST_FILE = YES): '\(generated)'",
                        location: rootLocation, subject: generated))
            } else {
                // Xcode's templates since Xcode 13 leave the key to build settings, so its absence
                // in a source Info.plist read alone is normal, not a defect.
                context.findings.append(
                    Finding(
                        .bundleIDMissing, variant: true,
                        message:
                            "no CFBundleIdentifier: Xcode adds it from PRODUCT_BUNDLE_IDENTIFIER when it builds (GENERATE_INFOPLIST_FILE = YES), which this run cannot see — read it with its Xcode project (uniform check in the folder holding the .xcodeproj); using the stand-in '\(bundleID)', so checks that need the app's vendor judge only Apple's identifiers",
                        location: rootLocation))
            }
        }

        let name = context.string(root, "CFBundleDisplayName")?.value ?? context.string(root, "CFBundleName")?.value
        // A project's target says; a manifest read alone is weighed by its keys.
        let weighed = platform == nil ? PlatformEvidence.decide(root) : nil
        let claims = readClaims(root, platform: platform ?? weighed?.platform ?? .macos, &context)
        let exported = readDeclarations(
            root, key: "UTExportedTypeDeclarations", kind: .exported, owner: bundleID, &context)
        let imported = readDeclarations(
            root, key: "UTImportedTypeDeclarations", kind: .imported, owner: bundleID, &context)

        var manifest = Manifest(
            bundleID: bundleID,
            declaredBundleID: declaredID?.value,
            name: name,
            platform: platform ?? weighed?.platform ?? .macos,
            file: file,
            location: rootLocation,
            claims: claims,
            exportedTypes: exported,
            importedTypes: imported,
            supportsOpeningDocumentsInPlace: context.bool(root, "LSSupportsOpeningDocumentsInPlace"),
            supportsDocumentBrowser: context.bool(root, "UISupportsDocumentBrowser"),
            fileSharingEnabled: context.bool(root, "UIFileSharingEnabled"),
            findings: context.findings,
            document: document
        )
        // The initializer fills a missing declared id with the bundle id (synthetic apps); a read
        // manifest keeps "not written" (nor generated) so rules can tell a partial Info.plist.
        manifest.declaredBundleID = writtenID
        manifest.platformEvidence = weighed
        readExtension(root, into: &manifest, &context)
        if root.entries.contains(where: { Distribution.selfUpdateKeys.contains($0.key) }) {
            manifest.distribution = .outside
        }
        manifest.findings = context.findings
        manifest.unresolvedPlaceholders = context.unresolved
        return manifest
    }

    /// An app extension's point and, for a Quick Look preview, the types it previews. Classic
    /// extensions write `NSExtension` (`NSExtensionPointIdentifier`, `NSExtensionAttributes`);
    /// ExtensionKit ones `EXAppExtensionAttributes` (`EXExtensionPointIdentifier`).
    private func readExtension(_ root: PlistDictionary, into manifest: inout Manifest, _ context: inout Context) {
        for (key, pointKey, attributesKey) in [
            ("NSExtension", "NSExtensionPointIdentifier", "NSExtensionAttributes"),
            ("EXAppExtensionAttributes", "EXExtensionPointIdentifier", nil),
        ] {
            guard let node = root[key], let ext = node.asDictionary else { continue }
            manifest.extensionPoint = context.string(ext, pointKey)?.value
            let attributes = attributesKey.flatMap { ext[$0]?.asDictionary } ?? ext
            if manifest.extensionPoint?.hasPrefix("com.apple.quicklook.preview") == true {
                manifest.previewedTypes = context.identifiers(attributes, "QLSupportedContentTypes")
            }
            return
        }
    }

    /// The bundle id Xcode writes into a template without one: with `GENERATE_INFOPLIST_FILE =
    /// YES` it adds `CFBundleIdentifier = $(PRODUCT_BUNDLE_IDENTIFIER)`. Only when both settings
    /// are given and the id has no placeholder left; otherwise the template really has no id.
    var generatedBundleID: String? {
        guard defines["GENERATE_INFOPLIST_FILE"]?.uppercased() == "YES",
            let id = defines["PRODUCT_BUNDLE_IDENTIFIER"], !id.isEmpty, !Placeholders.containsPlaceholder(id)
        else { return nil }
        return id
    }

    /// A stable, readable bundle id derived from a path: `standin.molecules.info-plist`.
    public static func standInBundleID(for path: String) -> String {
        var parts: [String] = []
        for component in path.split(separator: "/") where component != "." && component != ".." {
            let cleaned = String(
                component.lowercased().unicodeScalars.map { scalar -> Character in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                        ? Character(scalar) : "-"
                })
            let trimmed = cleaned.split(separator: "-", omittingEmptySubsequences: true).joined(separator: "-")
            if !trimmed.isEmpty { parts.append(trimmed) }
        }
        return "standin." + (parts.isEmpty ? "manifest" : parts.joined(separator: "."))
    }

    // MARK: - Document types

    /// The most entries read from CFBundleDocumentTypes or a type declaration list. The largest
    /// real manifests have about a hundred (TextMate, MacVim); a binary plist that lists one
    /// shared dictionary 400,000 times once produced 400,000 findings and 80 MB of output.
    public static let maxEntriesPerList = 2_000

    private static func bounded(
        _ entries: [PlistNode], key: String, at mark: Mark, _ context: inout Context
    ) -> ArraySlice<PlistNode> {
        guard entries.count > maxEntriesPerList else { return entries[...] }
        context.report(
            .manifestTooManyEntries,
            "\(key) has \(entries.count) entries; only the first \(maxEntriesPerList) are read (real apps have about a hundred at most)",
            at: mark, subject: key)
        return entries.prefix(maxEntriesPerList)
    }

    private func readClaims(_ root: PlistDictionary, platform: Platform, _ context: inout Context) -> [DocumentClaim] {
        guard let node = root["CFBundleDocumentTypes"] else { return [] }
        guard let entries = node.asArray else {
            context.report(
                .manifestInvalidValue, variant: true,
                "CFBundleDocumentTypes must be an array of dictionaries, found \(node.kindDescription)", at: node.mark,
                subject: "CFBundleDocumentTypes")
            return []
        }
        var claims: [DocumentClaim] = []
        for (index, entry) in Self.bounded(entries, key: "CFBundleDocumentTypes", at: node.mark, &context).enumerated()
        {
            guard let dict = entry.asDictionary else {
                context.report(
                    .manifestInvalidValue, variant: true,
                    "document type #\(index + 1) in CFBundleDocumentTypes must be a dictionary, found \(entry.kindDescription)",
                    at: entry.mark, subject: "CFBundleDocumentTypes")
                continue
            }
            context.reportDuplicateKeys(in: dict)
            var claim = DocumentClaim(location: context.location(entry.mark), index: index)
            claim.name = context.string(dict, "CFBundleTypeName")?.value
            let role = context.string(dict, "CFBundleTypeRole")
            let rank = context.string(dict, "LSHandlerRank")
            // The two keys' values written the other way round (`CFBundleTypeRole Owner`,
            // `LSHandlerRank Viewer`) are one mistake, said once: Launch Services reads neither
            // value, so the claim is a Viewer of Default rank (Apple, CFBundleDocumentTypes:
            // CFBundleTypeRole is Editor, Viewer, Shell or None; LSHandlerRank Owner, Default,
            // Alternate or None).
            let swapped =
                role.map { HandlerRole(plistValue: $0.value) == nil && HandlerRank(plistValue: $0.value) != nil }
                ?? false
                && rank.map { HandlerRank(plistValue: $0.value) == nil && HandlerRole(plistValue: $0.value) != nil }
                    ?? true
            if swapped, let role {
                let written =
                    rank.map { "CFBundleTypeRole is '\(role.value)' and LSHandlerRank is '\($0.value)'" }
                    ?? "CFBundleTypeRole is '\(role.value)', a rank"
                let fix =
                    rank.map { "CFBundleTypeRole \($0.value) and LSHandlerRank \(role.value)" }
                    ?? "a role (Editor or Viewer) in CFBundleTypeRole and LSHandlerRank \(role.value)"
                context.findings.append(
                    Finding(
                        .roleRankSwapped,
                        message:
                            "document type\(claim.name.map { " '\($0)'" } ?? " #\(index + 1)"): \(written): the values are swapped, so neither is read and the claim counts as a Viewer of Default rank; write \(fix)",
                        location: role.location, subject: claim.name))
            }
            if let role {
                claim.declaredRole = role.value
                if let known = HandlerRole(plistValue: role.value) {
                    claim.role = known
                } else {
                    claim.role = .viewer
                    if !swapped {
                        context.report(
                            .manifestUnknownRole,
                            "unknown CFBundleTypeRole '\(role.value)' (expected Editor, Viewer, Shell, None, QLGenerator or MDImporter); treated as Viewer",
                            at: role.location)
                    }
                }
            } else {
                claim.role = .viewer
                let which = "document type\(claim.name.map { " '\($0)'" } ?? " #\(index + 1)")"
                // The role is AppKit's (NSDocument's Save follows Editor or Viewer); Apple's iOS
                // guide to registering document types (Document Interaction Programming Topics
                // for iOS, "Registering the File Types Your App Supports") does not ask for it,
                // and nothing on iOS is known to read it: information there, not a likely bug.
                context.findings.append(
                    platform == .ios
                        ? Finding(
                            .missingRole, variant: true,
                            message:
                                "\(which) has no CFBundleTypeRole; iOS's guide to document types does not ask for it (it counts as Viewer where read, on macOS)",
                            location: claim.location, subject: claim.name)
                        : Finding(
                            .missingRole,
                            message:
                                "\(which) has no CFBundleTypeRole; it counts as Viewer — add <key>CFBundleTypeRole</key><string>Viewer</string> (or Editor)",
                            location: claim.location, subject: claim.name))
            }
            if let rank {
                claim.declaredRank = rank.value
                if let known = HandlerRank(plistValue: rank.value) {
                    claim.rank = known
                } else if !swapped {
                    // Launch Services falls back to Default (Apple, LSHandlerRank): nothing
                    // breaks beyond the rank the author meant, so a warning, not an error.
                    context.report(
                        .manifestUnknownRank,
                        "unknown LSHandlerRank '\(rank.value)' (expected Owner, Default, Alternate or None); treated as Default",
                        at: rank.location)
                }
            }
            claim.contentTypes = context.identifiers(dict, "LSItemContentTypes")
            claim.extensions = context.stringList(dict, "CFBundleTypeExtensions")
            claim.mimeTypes = context.stringList(dict, "CFBundleTypeMIMETypes")
            claim.osTypes = context.stringList(dict, "CFBundleTypeOSTypes")
            claim.isPackage = context.bool(dict, "LSTypeIsPackage")
            claim.iconFiles = context.stringList(dict, "CFBundleTypeIconFiles").map(\.value)
            claim.documentClass = context.string(dict, "NSDocumentClass")?.value
            claims.append(claim)
        }
        return claims
    }

    // MARK: - Type declarations

    private func readDeclarations(
        _ root: PlistDictionary, key: String, kind: TypeDeclaration.Kind, owner: String, _ context: inout Context
    ) -> [TypeDeclaration] {
        guard let node = root[key] else { return [] }
        guard let entries = node.asArray else {
            context.report(
                .manifestInvalidValue, variant: true,
                "\(key) must be an array of dictionaries, found \(node.kindDescription)", at: node.mark, subject: key)
            return []
        }
        var declarations: [TypeDeclaration] = []
        for (index, entry) in Self.bounded(entries, key: key, at: node.mark, &context).enumerated() {
            guard let dict = entry.asDictionary else {
                context.report(
                    .manifestInvalidValue, variant: true,
                    "declaration #\(index + 1) in \(key) must be a dictionary, found \(entry.kindDescription)",
                    at: entry.mark, subject: key)
                continue
            }
            context.reportDuplicateKeys(in: dict)
            guard let identifier = context.string(dict, "UTTypeIdentifier") else {
                context.report(
                    .manifestMissingIdentifier,
                    "declaration #\(index + 1) in \(key) has no UTTypeIdentifier; the declaration is ignored",
                    at: entry.mark, subject: key)
                continue
            }
            if Context.isBlank(identifier.value) {
                context.findings.append(
                    Finding(
                        .emptyIdentifier,
                        message:
                            "declaration #\(index + 1) in \(key) has an empty UTTypeIdentifier; the declaration is ignored",
                        location: identifier.location, subject: key))
                continue
            }
            let parents = context.identifiers(dict, "UTTypeConformsTo")
            var tags: [TagList] = []
            if let specNode = dict["UTTypeTagSpecification"] {
                if let spec = specNode.asDictionary {
                    context.reportDuplicateKeys(in: spec)
                    for tagEntry in spec.entries {
                        let values = context.stringList(tagEntry.value, what: "UTTypeTagSpecification.\(tagEntry.key)")
                            .map(\.value)
                        if let existing = tags.firstIndex(where: { $0.tagClass == tagEntry.key }) {
                            tags[existing].tags = values
                        } else {
                            tags.append(TagList(tagClass: tagEntry.key, tags: values))
                        }
                    }
                } else {
                    context.report(
                        .manifestInvalidValue,
                        "UTTypeTagSpecification must be a dictionary, found \(specNode.kindDescription)",
                        at: specNode.mark, subject: identifier.value)
                }
            }
            var iconFiles = context.stringList(dict, "UTTypeIconFiles").map(\.value)
            if let single = context.string(dict, "UTTypeIconFile") { iconFiles.append(single.value) }
            declarations.append(
                TypeDeclaration(
                    identifier: identifier.value,
                    kind: kind,
                    origin: .manifest(bundleID: owner),
                    parents: parents.map(\.value),
                    tags: tags,
                    description: context.string(dict, "UTTypeDescription")?.value,
                    referenceURL: context.string(dict, "UTTypeReferenceURL")?.value,
                    iconFiles: iconFiles,
                    location: context.location(entry.mark),
                    parentLocations: parents.map(\.location)
                ))
        }
        return declarations
    }
}
