import Foundation
import UniformPlist

/// Finds and reads manifests from the paths a user names.
///
/// Inputs are loose plists, built products (`.app` folders, `.ipa` archives, `.xcarchive`s,
/// see `Inputs/`) and directories holding any of them. A directory is searched recursively for
/// plists and `Info.plist.in` templates, in path order so worlds are deterministic; plists that are not manifests are skipped (and listed
/// for `--verbose`). A file that cannot be parsed is reported with its position, never fatal
/// to the others.
public struct ManifestLoader: Sendable {
    /// Build-setting levels above each manifest's own (see `RunSettings`): for a manifest
    /// outside a project the only settings its placeholders resolve against; for a project's
    /// target, levels put on top of the target's (an app's own `defines` in `.uniform.lua`).
    public let settings: [SettingsStack.Level]
    /// The build configuration `settings` are evaluated for (`KEY[config=Debug]`).
    public let configuration: String
    /// Limits for `.ipa` archives.
    public var archiveLimits: ArchiveLimits

    public init(
        settings: [SettingsStack.Level] = [], configuration: String = "Release",
        archiveLimits: ArchiveLimits = ArchiveLimits()
    ) {
        self.settings = settings
        self.configuration = configuration
        self.archiveLimits = archiveLimits
    }

    /// Plain defines, as `--define` gives them.
    public init(defines: [String: String], archiveLimits: ArchiveLimits = ArchiveLimits()) {
        self.init(
            settings: RunSettings.defines(defines, location: SourceLocation(file: "--define")),
            archiveLimits: archiveLimits)
    }

    /// What loading produced.
    public struct Result: Sendable {
        public var manifests: [Manifest] = []
        /// Files that failed to parse.
        public var errors: [PlistError] = []
        /// Plists under a directory that are not manifests.
        public var skipped: [String] = []
        /// Named paths that do not exist.
        public var missing: [String] = []

        public init() {}

        /// Parse errors as findings, for `check`.
        public var errorFindings: [Finding] {
            errors.map { error in
                Finding(
                    .plistParseError, message: error.message,
                    location: SourceLocation(
                        file: error.file, line: error.mark?.line, column: error.mark?.column,
                        offset: error.mark?.line == nil ? error.mark?.offset : nil))
            }
        }
    }

    /// Expands arguments into plists to read: a plist as itself; an `.app` (or a plug-in
    /// bundle), an `.ipa` or an `.xcarchive` as the manifests inside it; a directory as
    /// everything of those kinds under it, sorted by path so worlds are deterministic. Bundles
    /// and archives met in a directory are read as such, not searched for stray plists.
    public func discover(_ arguments: [String]) -> (entries: [Entry], missing: [String]) {
        var entries: [Entry] = []
        var missing: [String] = []
        let fm = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                missing.append(argument)
                continue
            }
            let trimmed = argument.count > 1 && argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            let name = (trimmed as NSString).lastPathComponent
            let kind = InputKind.classify(name: name, isDirectory: isDirectory.boolValue)
            switch kind {
            case .directory:
                entries += search(trimmed)
            case .bundle, .ipa, .xcarchive:
                entries += expand(kind, path: trimmed, seed: name)
            case .plist, .other:
                entries.append(Entry(path: argument, displayPath: argument, standInSeed: argument, explicit: true))
            }
        }
        return (entries, missing)
    }

    /// Everything readable under a directory, in path order.
    private func search(_ directory: String) -> [Entry] {
        var found: [(relative: String, kind: InputKind)] = []
        // A committed symbolic link to a file outside the folder searched is not followed: the
        // folder is what the user named, the link is what a pull request may have planted.
        let boundary = RepositoryBoundary(root: directory)
        DirectoryWalk.walk(directory) { entry in
            let name = entry.name
            if name.hasPrefix(".") { return false }
            // Dependencies and build output (Pods, Carthage, DerivedData) are not the
            // repository's apps, with or without an Xcode project beside them.
            if entry.isDirectory, ProjectDiscovery.skippedFolders.contains(name) { return false }
            let path = directory == "." ? entry.relative : directory + "/" + entry.relative
            if entry.isLink, !boundary.contains(path) {
                return false
            }
            // A folder below the one searched that holds `.uniform-ignore` (test fixtures, frozen
            // copies of other projects) is skipped, as discovery skips it.
            if entry.isDirectory,
                FileManager.default.fileExists(atPath: path + "/" + ProjectDiscovery.ignoreMarker)
            {
                return false
            }
            if Self.looksLikePlist(name) {
                if entry.exists, !entry.isDirectory { found.append((entry.relative, .plist)) }
                return true
            }
            guard name.contains("."), entry.exists else { return true }
            let kind = InputKind.classify(name: name, isDirectory: entry.isDirectory)
            if kind == .bundle || kind == .xcarchive || kind == .ipa {
                found.append((entry.relative, kind))
                return !entry.isDirectory
            }
            return true
        }
        var entries: [Entry] = []
        for item in found.sorted(by: { $0.relative < $1.relative }) {
            // `uniform check .` names files as `App/Info.plist`, not `./App/Info.plist`.
            let full =
                directory == "."
                ? item.relative : directory.hasSuffix("/") ? directory + item.relative : directory + "/" + item.relative
            if item.kind == .plist {
                entries.append(Entry(path: full, displayPath: full, standInSeed: item.relative, explicit: false))
            } else {
                entries += expand(item.kind, path: full, seed: item.relative)
            }
        }
        return entries
    }

    private func expand(_ kind: InputKind, path: String, seed: String) -> [Entry] {
        switch kind {
        case .bundle: AppBundleInput(path: path, displayPath: path, seed: seed).entries()
        case .ipa: IPAInput(path: path, displayPath: path, seed: seed, limits: archiveLimits).entries()
        case .xcarchive: XCArchiveInput(path: path, displayPath: path, seed: seed).entries()
        case .plist, .directory, .other: []
        }
    }

    /// True when a plist claims or declares types: what makes a nested bundle matter here.
    static func declaresTypes(_ document: PlistDocument) -> Bool {
        guard case .dictionary(let root) = document.root.value else { return false }
        return ["CFBundleDocumentTypes", "UTExportedTypeDeclarations", "UTImportedTypeDeclarations"].contains {
            root[$0] != nil
        }
    }

    /// Whether a directory of this name is an input of its own (an `.app`, a plug-in, an
    /// `.xcarchive`) rather than a folder to search.
    public static func isBundleDirectory(_ name: String) -> Bool {
        InputKind.classify(name: name, isDirectory: true) != .directory
    }

    static func looksLikePlist(_ name: String) -> Bool {
        name.hasSuffix(".plist") || name.hasSuffix(".plist.in")
    }

    /// Reads every entry; parsing runs in parallel, results keep the discovery order.
    public func load(_ arguments: [String]) -> Result {
        let (entries, missing) = discover(arguments)
        var result = load(entries)
        result.missing = missing
        return result
    }

    /// Limits for reading a manifest: far fewer objects than a property list in general may
    /// hold. The largest real Info.plists have a few thousand; shared objects in a binary plist
    /// can make a few kilobytes expand into millions, and every rule then walks them.
    public static let manifestLimits = PlistLimits(maxObjects: 250_000)

    public func load(_ entries: [Entry]) -> Result {
        if entries.count >= AllocatorTuning.threshold { AllocatorTuning.prepareForLargeLoad() }
        // `settings` evaluated once per load, and only when a manifest outside a project needs them.
        let plainSettings =
            entries.contains { $0.project == nil }
            ? RunSettings.table(settings, configuration: configuration).values : [:]
        let outcomes = ParallelMap.map(entries) { entry -> Outcome in
            do {
                let document: PlistDocument
                switch entry.contents {
                case .onDisk: document = try PlistReader.read(contentsOf: entry.path, limits: Self.manifestLimits)
                case .bytes(let bytes):
                    document = try PlistReader.read(bytes: bytes, file: entry.displayPath, limits: Self.manifestLimits)
                case .refused(let message):
                    return .failed(PlistError(file: entry.displayPath, mark: nil, message: message))
                case .generated: document = GeneratedInfoPlist.document(for: entry.project!)
                }
                guard entry.explicit || ManifestReader.isManifest(document) else { return .skipped(entry.displayPath) }
                guard !entry.nested || Self.declaresTypes(document) else { return .skipped(entry.displayPath) }
                var mapped = document
                mapped.file = entry.displayPath
                if let app = entry.project {
                    return .manifest(ProjectManifest.read(mapped, app: app, entry: entry, above: settings))
                }
                let manifest = ManifestReader(defines: plainSettings).read(
                    mapped, file: entry.displayPath, standInSeed: entry.standInSeed)
                return .manifest(manifest)
            } catch let error as PlistError {
                var error = error
                error.file = entry.displayPath
                return .failed(error)
            } catch {
                return .failed(PlistError(file: entry.displayPath, mark: nil, message: "\(error)"))
            }
        }
        var result = Result()
        result.manifests.reserveCapacity(outcomes.count)
        for outcome in outcomes {
            switch outcome {
            case .manifest(let m): result.manifests.append(m)
            case .failed(let e): result.errors.append(e)
            case .skipped(let s): result.skipped.append(s)
            }
        }
        return result
    }

    enum Outcome: Sendable {
        case manifest(Manifest)
        case failed(PlistError)
        case skipped(String)
    }
}
