import UniformPlist

/// Reads the Info.plist of an Xcode target as the build would produce it: placeholders
/// resolved against the target's own settings (a `--define` still wins, as `xcodebuild
/// KEY=value` does), the platform from its SDK, the keys `GENERATE_INFOPLIST_FILE` adds where
/// the file has none, and findings about an unresolved bundle id that say where the setting is.
enum ProjectManifest {
    static func read(
        _ document: PlistDocument, app: ProjectApp, entry: ManifestLoader.Entry, above: [SettingsStack.Level]
    ) -> Manifest {
        var app = app
        var settingFindings: [Finding] = []
        if !above.isEmpty {
            // The app's own defines: one more level on the target's stack, evaluated as a
            // whole, so a value built from a defined setting changes too.
            let stack = SettingsStack(levels: app.levels + above, parameters: app.parameters)
            app.settings = stack.table()
            settingFindings = stack.findings
        }
        var manifest = ManifestReader(defines: app.settings, platform: app.platform, xcodeBuilt: true).read(
            document, file: entry.displayPath, standInSeed: entry.standInSeed)
        manifest.findings += settingFindings
        if app.generatesInfoPlist, case .dictionary(let root) = document.root.value {
            for key in app.generatedKeys where root[key.key] == nil {
                let value = GeneratedInfoPlist.value(of: key)
                switch (key.key, value) {
                case ("CFBundleDisplayName", .string(let s)): manifest.name = s
                case ("CFBundleName", .string(let s)) where manifest.name == nil: manifest.name = s
                case ("LSSupportsOpeningDocumentsInPlace", .boolean(let b)):
                    manifest.supportsOpeningDocumentsInPlace = b
                case ("UISupportsDocumentBrowser", .boolean(let b)): manifest.supportsDocumentBrowser = b
                case ("UIFileSharingEnabled", .boolean(let b)): manifest.fileSharingEnabled = b
                default: break
                }
            }
        }
        let bundleIDSetting = app.settingLocations["PRODUCT_BUNDLE_IDENTIFIER"]
        manifest.origin = ManifestOrigin(
            project: app.project, target: app.target, productType: app.productType.description,
            configuration: app.configuration, platformReason: app.platformReason,
            location: app.location, bundleIDSetting: bundleIDSetting)
        manifest.origin?.host = app.host
        manifest.platformReason = app.platformReason
        // Xcode adding CFBundleIdentifier to a generated Info.plist is how such targets work.
        manifest.findings.removeAll { $0.isOf(.bundleIDGenerated) }
        for index in manifest.findings.indices
        where manifest.findings[index].isOf(.bundleIDPlaceholder) || manifest.findings[index].isOf(.bundleIDMissing) {
            manifest.findings[index].message += context(for: app, setting: bundleIDSetting)
        }
        return manifest
    }

    /// Why a target's bundle id did not resolve: where the setting is and which includes were
    /// not read.
    static func context(for app: ProjectApp, setting: SourceLocation?) -> String {
        var text = " — target '\(app.target)' (\(app.configuration))"
        if let setting, let value = app.settings["PRODUCT_BUNDLE_IDENTIFIER"] {
            text += " sets PRODUCT_BUNDLE_IDENTIFIER = '\(value)' at \(setting)"
        } else {
            text += " sets no PRODUCT_BUNDLE_IDENTIFIER"
        }
        if !app.unreadIncludes.isEmpty {
            text += "; not read: \(app.unreadIncludes.joined(separator: ", "))"
        }
        return text
    }
}
