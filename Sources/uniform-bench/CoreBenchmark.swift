import Foundation
import UniformCore
import UniformRules

/// Core figures on the 56 real manifests: catalog load, world build, conformance and resolve
/// throughput (no rules, one Lua ranking policy, the standard rules), and `check`.
func runCoreBenchmark(sharedDirectory: String) {
    let plists = sharedDirectory + "/realworld/plists"
    guard FileManager.default.fileExists(atPath: plists) else {
        print("core: \(plists) is absent; skipped")
        return
    }
    print("== core (56 real manifests) ==")

    // Catalog: our embedded facts vs Foundation parsing Apple's binary CoreTypes plist.
    let catalogParse = Clock.best(runs: 20) { blackHole(SystemCatalog.parseEmbedded().count) }
    // What a run parses: CoreTypes, and the supplement without its sources (issue 29: ≤ 2 ms).
    let supplementCount = SystemCatalog.supplement.count
    let catalogLoad = Clock.best(runs: 20) {
        blackHole(
            SystemCatalog.parseEmbedded().count + ((try? SystemCatalog.parseSupplement(withSources: false))?.count ?? 0)
        )
    }
    let coreTypes = sharedDirectory + "/reference/coretypes/CoreTypes-macOS12.7.6-Info.plist.bin"
    let coreTypesData = FileManager.default.contents(atPath: coreTypes) ?? Data()
    let foundationCatalog = Clock.best(runs: 5) {
        blackHole(try? PropertyListSerialization.propertyList(from: coreTypesData, format: nil))
    }
    print(
        String(
            format:
                "catalog load: %.2f ms (873 declarations); Foundation parsing CoreTypes: %.2f ms; ratio %.1fx faster",
            catalogParse * 1e3, foundationCatalog * 1e3, foundationCatalog / catalogParse))
    print(
        String(
            format: "catalog load with the supplement (%d lines, sources left for reports): %.2f ms",
            supplementCount, catalogLoad * 1e3))

    // World: parse + build, vs Foundation parsing the same files.
    var loaded = ManifestLoader().load([plists])
    let files = ManifestLoader().discover([plists]).entries.map(\.path)
    let contents = files.compactMap { FileManager.default.contents(atPath: $0) }
    let parseAndLoad = Clock.best { loaded = ManifestLoader().load([plists]) }
    let foundationParse = Clock.best {
        for data in contents { blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil)) }
    }
    var world = World(manifests: loaded.manifests)
    let build = Clock.best { world = World(manifests: loaded.manifests) }
    print(
        String(
            format:
                "load 56 manifests: %.2f ms; graph build: %.2f ms (%d types); Foundation parse alone: %.2f ms; load+build / Foundation = %.2f",
            parseAndLoad * 1e3, build * 1e3, world.graph.count, foundationParse * 1e3,
            (parseAndLoad + build) / foundationParse))

    runWorldBenchmark(label: "56 real", manifests: loaded.manifests)
}
