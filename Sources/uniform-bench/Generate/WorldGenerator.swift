import Foundation
import UniformCore

/// Writes N realistic manifests (see `RealWorldDistributions`) into a directory, 1,000 per
/// subfolder, a share of them as binary plists. The same seed gives byte-identical files.
///
/// Apps are made one after another; an app can only import or conform to types of apps made
/// before it, so cross-app references always point at something real, as in a catalogue.
struct WorldGenerator {
    var count: Int
    var seed: UInt64
    /// Share of manifests written as binary plists (built products are binary).
    var binaryShare = 0.2

    private typealias Dist = RealWorldDistributions

    /// A declared type somewhere in the world, with its extensions.
    private struct Known {
        var identifier: String
        var extensions: [String]
    }

    /// Writes the files; returns their paths and total bytes.
    func write(to directory: String) throws -> (files: [String], bytes: Int) {
        var random = SeededGenerator(seed: seed)
        let system = SystemCatalog.typeDeclarations.filter { !$0.isWildcard }.map {
            Known(identifier: $0.identifier, extensions: $0.tags(ofClass: TagClass.filenameExtension))
        }
        let systemWithExtensions = system.filter { !$0.extensions.isEmpty }
        let systemParents = [
            "public.data", "public.content", "public.plain-text", "public.text", "public.image",
            "public.movie", "public.audio", "public.archive", "public.xml", "public.json",
            "public.composite-content", "com.apple.package", "public.source-code", "public.database",
        ]
        // Third-party identifiers many apps import and none exports (org.matroska.mkv and kin).
        let thirdParty = (0..<max(50, count / 20)).map { n in
            Known(identifier: "org.format\(n).document", extensions: ["f\(String(n, radix: 36))"])
        }
        var exportedSoFar: [Known] = []
        var usedExtensions: [String] = systemWithExtensions.flatMap(\.extensions)
        var files: [String] = []
        var bytes = 0
        let fm = FileManager.default

        for n in 0..<count {
            let vendor = "com.vendor\(n % max(1, count / 3))"
            let bundleID = "\(vendor).app\(n)"
            var exports: [Known] = []
            var declarations: (exported: [[String: Any]], imported: [[String: Any]]) = ([], [])

            for k in 0..<Dist.exported.sample(&random) {
                let identifier = "\(bundleID).type\(k)"
                var extensions: [String] = []
                for e in 0..<Dist.extensionsPerDeclaration.sample(&random) {
                    if random.chance(Dist.sharedExtensionShare),
                        let reused = usedExtensions.randomElement(using: &random)
                    {
                        extensions.append(reused)
                    } else {
                        extensions.append("x\(String(n, radix: 36))\(k)\(e)")
                    }
                }
                var parents: [String] = []
                for _ in 0..<Dist.parents.sample(&random) {
                    if random.chance(Dist.parentIsOwn), let own = exports.randomElement(using: &random) {
                        parents.append(own.identifier)
                    } else if random.chance(Dist.parentIsOtherApp / (1 - Dist.parentIsOwn)),
                        let other = exportedSoFar.randomElement(using: &random)
                    {
                        parents.append(other.identifier)
                    } else {
                        parents.append(systemParents.randomElement(using: &random)!)
                    }
                }
                let known = Known(identifier: identifier, extensions: extensions)
                exports.append(known)
                usedExtensions.append(contentsOf: extensions.prefix(1))
                declarations.exported.append(Self.declaration(known, parents: parents))
            }

            var imports: [Known] = []
            for _ in 0..<Dist.imported.sample(&random) {
                let known: Known
                switch Dist.importSource.sample(&random) {
                case .thirdParty: known = thirdParty.randomElement(using: &random)!
                case .system: known = system.randomElement(using: &random)!
                case .otherApp:
                    known = exportedSoFar.randomElement(using: &random) ?? thirdParty.randomElement(using: &random)!
                }
                guard !imports.contains(where: { $0.identifier == known.identifier }) else { continue }
                imports.append(known)
                var parents: [String] = []
                for _ in 0..<max(1, Dist.parents.sample(&random)) {
                    parents.append(systemParents.randomElement(using: &random)!)
                }
                declarations.imported.append(Self.declaration(known, parents: parents))
            }

            var claims: [[String: Any]] = []
            for c in 0..<Dist.documentTypes.sample(&random) {
                var claim: [String: Any] = ["CFBundleTypeName": "Document \(c)"]
                if let rank = Dist.rank.sample(&random) { claim["LSHandlerRank"] = rank }
                if let role = Dist.role.sample(&random) { claim["CFBundleTypeRole"] = role }
                if random.chance(Dist.wildcardShare) {
                    if random.chance(8.0 / 27.0) {
                        claim["CFBundleTypeExtensions"] = ["*"]
                    } else {
                        claim["LSItemContentTypes"] = [Dist.wildcardContentType.sample(&random)]
                    }
                } else if random.chance(Dist.contentTypeShare) {
                    var types: [String] = []
                    for _ in 0..<Dist.contentTypesPerClaim.sample(&random) {
                        let known: Known?
                        switch Dist.claimSource.sample(&random) {
                        case .imported:
                            known = imports.randomElement(using: &random) ?? system.randomElement(using: &random)
                        case .system: known = system.randomElement(using: &random)
                        case .own: known = exports.randomElement(using: &random) ?? system.randomElement(using: &random)
                        case .undeclared: known = Known(identifier: "\(vendor).undeclared\(c)", extensions: [])
                        case .otherApp: known = exportedSoFar.randomElement(using: &random)
                        }
                        if let known, !types.contains(known.identifier) { types.append(known.identifier) }
                    }
                    claim["LSItemContentTypes"] = types
                } else {
                    var extensions: [String] = []
                    let pool = exports + imports
                    for _ in 0..<Dist.extensionsPerLegacyClaim.sample(&random) {
                        let source =
                            random.chance(0.5)
                            ? pool.randomElement(using: &random) : systemWithExtensions.randomElement(using: &random)
                        if let ext = (source ?? systemWithExtensions.randomElement(using: &random)!).extensions
                            .randomElement(using: &random),
                            !extensions.contains(ext)
                        {
                            extensions.append(ext)
                        }
                    }
                    claim["CFBundleTypeExtensions"] = extensions
                }
                claims.append(claim)
            }

            var root: [String: Any] = [
                "CFBundleIdentifier": bundleID,
                "CFBundleName": "App \(n)",
                "CFBundleExecutable": "App\(n)",
                "CFBundlePackageType": "APPL",
                "CFBundleShortVersionString": "1.\(n % 10)",
                "CFBundleVersion": "\(100 + n % 900)",
                "LSMinimumSystemVersion": "11.0",
            ]
            if !claims.isEmpty { root["CFBundleDocumentTypes"] = claims }
            if !declarations.exported.isEmpty { root["UTExportedTypeDeclarations"] = declarations.exported }
            if !declarations.imported.isEmpty { root["UTImportedTypeDeclarations"] = declarations.imported }

            let format: PropertyListSerialization.PropertyListFormat = random.chance(binaryShare) ? .binary : .xml
            let data = try PropertyListSerialization.data(fromPropertyList: root, format: format, options: 0)
            let folder = "\(directory)/\(String(format: "%03d", n / 1000))"
            if n % 1000 == 0 { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let path = "\(folder)/app\(String(format: "%06d", n)).plist"
            try data.write(to: URL(fileURLWithPath: path))
            files.append(path)
            bytes += data.count
            exportedSoFar.append(contentsOf: exports)
        }
        return (files, bytes)
    }

    private static func declaration(_ known: Known, parents: [String]) -> [String: Any] {
        var entry: [String: Any] = [
            "UTTypeIdentifier": known.identifier,
            "UTTypeDescription": "\(known.identifier) document",
            "UTTypeConformsTo": parents,
        ]
        if !known.extensions.isEmpty {
            entry["UTTypeTagSpecification"] = ["public.filename-extension": known.extensions]
        }
        return entry
    }
}
