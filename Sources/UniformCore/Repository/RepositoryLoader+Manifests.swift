extension RepositoryLoader {
    /// Reads the projects' entries (whose settings already hold the run's levels), the loose
    /// manifests (with the run's levels alone) and the context apps.
    mutating func loadManifests(
        _ entries: [ManifestLoader.Entry], plain: [String], overrides: inout AppOverrides
    ) throws(RepositoryError) -> ManifestLoader.Result {
        var loaded = ManifestLoader.Result()
        load(entries, above: [], overrides: &overrides, into: &loaded)
        if !plain.isEmpty {
            let discovered = ManifestLoader(settings: runSettings.levels).discover(plain)
            if let missing = discovered.missing.first { throw RepositoryError("\(missing): no such file or directory") }
            findings += runSettings.table(configuration: buildConfiguration).findings
            var result = ManifestLoader.Result()
            load(discovered.entries, above: runSettings.levels, overrides: &overrides, into: &result)
            loaded.manifests += result.manifests
            loaded.errors += result.errors
            report.skippedPlists += result.skipped
        }
        // Context apps: the team's discovery may have found them too; they are the device's.
        loaded.manifests.removeAll { isContext($0.file) }
        loaded.errors.removeAll { isContext($0.file) }
        report.skippedPlists.removeAll { [contextRoots] in Self.isContext($0, roots: contextRoots) }
        let context = loadContext()
        if let missing = context.missing.first { throw RepositoryError("\(missing): no such file or directory") }
        loaded.manifests += context.manifests
        loaded.errors += context.errors
        if !loaded.errors.isEmpty, !options.tolerateBrokenManifests {
            throw RepositoryError(loaded.errors.map { ReportText.line("\($0)") }.joined(separator: "\nuniform: "))
        }
        return loaded
    }

    /// Reads entries in order, each one whose override has defines by a loader of its own
    /// (those defines as one more level), the rest in batches between them.
    func load(
        _ entries: [ManifestLoader.Entry], above: [SettingsStack.Level], overrides: inout AppOverrides,
        into result: inout ManifestLoader.Result
    ) {
        let loader = ManifestLoader(settings: above, configuration: buildConfiguration)
        var batch: [ManifestLoader.Entry] = []
        func add(_ r: ManifestLoader.Result) {
            result.manifests += r.manifests
            result.errors += r.errors
            result.skipped += r.skipped
        }
        for entry in entries {
            let own = overrides.match(file: entry.displayPath, target: entry.project?.target)?.defines ?? [:]
            guard !own.isEmpty else {
                batch.append(entry)
                continue
            }
            if !batch.isEmpty { add(loader.load(batch)) }
            batch = []
            let level = RunSettings.defines(own, location: SourceLocation(file: entry.displayPath))
            add(ManifestLoader(settings: above + level, configuration: buildConfiguration).load([entry]))
        }
        if !batch.isEmpty { add(loader.load(batch)) }
    }

    /// The context apps, each marked `isContext`, read with the run's build settings.
    func loadContext() -> ManifestLoader.Result {
        guard !options.context.isEmpty else { return ManifestLoader.Result() }
        var result = ManifestLoader(settings: runSettings.levels, configuration: buildConfiguration)
            .load(options.context)
        for i in result.manifests.indices { result.manifests[i].isContext = true }
        return result
    }

    /// What the `apps` overrides replace (bundle id, platform), then each app's distribution:
    /// the caller's, else the app's override, else the Info.plist's hint, else the
    /// configuration's. The overrides' own findings follow (keys that matched nothing).
    mutating func apply(_ overrides: inout AppOverrides, to manifests: inout [Manifest]) {
        for i in manifests.indices {
            let own =
                overrides.isEmpty ? nil : overrides.match(file: manifests[i].file, target: manifests[i].origin?.target)
            if let own { Self.apply(own, to: &manifests[i]) }
            manifests[i].distribution =
                options.distribution ?? own?.distribution ?? manifests[i].distribution ?? configuration.distribution
        }
        findings += overrides.findings()
    }

    static func apply(_ override: AppOverride, to manifest: inout Manifest) {
        if let id = override.bundleID {
            manifest.bundleID = id
            manifest.declaredBundleID = id
            manifest.findings.removeAll { $0.isOf(.bundleIDPlaceholder) || $0.isOf(.bundleIDMissing) }
            for d in manifest.exportedTypes.indices { manifest.exportedTypes[d].origin = .manifest(bundleID: id) }
            for d in manifest.importedTypes.indices { manifest.importedTypes[d].origin = .manifest(bundleID: id) }
        }
        if let p = override.platform {
            manifest.platform = p
            manifest.platformReason = "platform = \"\(p.rawValue)\" in .uniform.lua's apps"
        }
    }

    /// An extension's host: the app of the same project and platform whose target embeds it.
    static func linkHosts(_ manifests: inout [Manifest]) {
        var byTarget: [String: String] = [:]
        for m in manifests {
            if let o = m.origin { byTarget["\(o.project)\u{0}\(o.target)\u{0}\(m.platform.rawValue)"] = m.bundleID }
        }
        for i in manifests.indices {
            guard let o = manifests[i].origin, let host = o.host else { continue }
            manifests[i].host = byTarget["\(o.project)\u{0}\(host)\u{0}\(manifests[i].platform.rawValue)"]
        }
    }
}
