import Foundation
import UniformPlist

/// Finds and reads manifests from the paths a user names.
///
/// A directory is searched recursively for plists and `Info.plist.in` templates, in path
/// order so worlds are deterministic; plists that are not manifests are skipped (and listed
/// for `--verbose`). A file that cannot be parsed is reported with its position, never fatal
/// to the others.
public struct ManifestLoader: Sendable {
    public var defines: [String: String]

    public init(defines: [String: String] = [:]) {
        self.defines = defines
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

        /// Parse errors as findings, for `check`.
        public var errorFindings: [Finding] {
            errors.map { error in
                Finding(rule: "plist.parse-error", severity: .error, message: error.message,
                        location: SourceLocation(file: error.file, line: error.mark?.line, column: error.mark?.column,
                                                 offset: error.mark?.line == nil ? error.mark?.offset : nil))
            }
        }
    }

    /// One file to read: its path on disk, the path shown in locations, the stand-in seed.
    public struct Entry: Sendable {
        public var path: String
        public var displayPath: String
        public var standInSeed: String
        /// Named explicitly (not found in a directory): read even if not a manifest.
        public var explicit: Bool
    }

    /// Expands arguments into files, directories sorted by path.
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
            if !isDirectory.boolValue {
                entries.append(Entry(path: argument, displayPath: argument, standInSeed: argument, explicit: true))
                continue
            }
            var found: [String] = []
            if let enumerator = fm.enumerator(atPath: argument) {
                while let relative = enumerator.nextObject() as? String {
                    let name = (relative as NSString).lastPathComponent
                    if name.hasPrefix(".") || name == "node_modules" {
                        enumerator.skipDescendants()
                        continue
                    }
                    if Self.looksLikePlist(name) { found.append(relative) }
                }
            }
            for relative in found.sorted() {
                let display = argument.hasSuffix("/") ? argument + relative : argument + "/" + relative
                var isDir: ObjCBool = false
                if fm.fileExists(atPath: display, isDirectory: &isDir), isDir.boolValue { continue }
                entries.append(Entry(path: display, displayPath: display, standInSeed: relative, explicit: false))
            }
        }
        return (entries, missing)
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

    public func load(_ entries: [Entry]) -> Result {
        let outcomes = ParallelMap.map(entries) { entry -> Outcome in
            do {
                let document = try PlistReader.read(contentsOf: entry.path)
                guard entry.explicit || ManifestReader.isManifest(document) else { return .skipped(entry.displayPath) }
                var mapped = document
                mapped.file = entry.displayPath
                let manifest = ManifestReader(defines: defines).read(mapped, file: entry.displayPath, standInSeed: entry.standInSeed)
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
