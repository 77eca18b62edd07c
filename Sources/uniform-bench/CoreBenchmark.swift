import Foundation
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
    let coreTypes = sharedDirectory + "/reference/coretypes/CoreTypes-macOS12.7.6-Info.plist.bin"
    let coreTypesData = FileManager.default.contents(atPath: coreTypes) ?? Data()
    let foundationCatalog = Clock.best(runs: 5) { blackHole(try? PropertyListSerialization.propertyList(from: coreTypesData, format: nil)) }
    print(String(format: "catalog load: %.2f ms (873 declarations); Foundation parsing CoreTypes: %.2f ms; ratio %.1fx faster",
                 catalogParse * 1e3, foundationCatalog * 1e3, foundationCatalog / catalogParse))

    // World: parse + build, vs Foundation parsing the same files.
    var loaded = ManifestLoader().load([plists])
    let files = ManifestLoader().discover([plists]).entries.map(\.path)
    let contents = files.compactMap { FileManager.default.contents(atPath: $0) }
    let parseAndLoad = Clock.best { loaded = ManifestLoader().load([plists]) }
    let foundationParse = Clock.best { for data in contents { blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil)) } }
    var world = World(manifests: loaded.manifests)
    let build = Clock.best { world = World(manifests: loaded.manifests) }
    print(String(format: "load 56 manifests: %.2f ms; graph build: %.2f ms (%d types); Foundation parse alone: %.2f ms; load+build / Foundation = %.2f",
                 parseAndLoad * 1e3, build * 1e3, world.graph.count, foundationParse * 1e3, (parseAndLoad + build) / foundationParse))

    // Conformance queries.
    let graph = world.graph
    let ids = graph.allIDs
    let targets = ["public.data", "public.text", "public.image", "public.item", "public.content", "com.apple.package"].compactMap { graph.id(of: $0) }
    var hits = 0
    let byHandleQueries = ids.count * targets.count * 20
    let byHandle = Clock.best {
        for _ in 0..<20 { for a in ids { for b in targets where graph.conforms(a, to: b) { hits += 1 } } }
    }
    let names = ids.map { graph.identifier($0) }
    let targetNames = targets.map { graph.identifier($0) }
    let byStringQueries = names.count * targetNames.count * 4
    let byString = Clock.best {
        for _ in 0..<4 { for a in names { for b in targetNames { if let x = graph.id(of: a), let y = graph.id(of: b), graph.conforms(x, to: y) { hits += 1 } } } }
    }
    blackHole(hits)
    print(String(format: "conformance: %.1f M/s by handle, %.1f M/s by identifier string (handle %.1fx faster)",
                 Double(byHandleQueries) / byHandle / 1e6, Double(byStringQueries) / byString / 1e6, (byString / Double(byStringQueries)) / (byHandle / Double(byHandleQueries))))

    // Resolve mix: the preferred extension of every declared type, one query each.
    var queries: [Query] = []
    for id in ids where graph.isDeclared(id) {
        if let ext = graph.preferredTag(id, ofClass: TagClass.filenameExtension) { queries.append(Query(target: .fileExtension(ext))) }
    }
    func measure(_ label: String, engine: RuleEngine) -> Double {
        let resolver = engine.resolver
        var candidates = 0
        var sizes: [Int] = []
        let seconds = Clock.best(runs: 3) {
            candidates = 0
            sizes.removeAll(keepingCapacity: true)
            for q in queries {
                let r = try! resolver.resolve(q)
                candidates += r.handlers.count + r.excluded.count
                sizes.append(r.handlers.count)
            }
        }
        let typical = sizes.filter { $0 <= 20 }.count
        sizes.sort()
        print(String(format: "resolve (%@): %d queries, %.0f q/s, %.0f ns/candidate; candidates per query p50 %d, p90 %d, max %d; %d typical (≤ 20)",
                     label, queries.count, Double(queries.count) / seconds, seconds * 1e9 / Double(max(candidates, 1)),
                     sizes[sizes.count / 2], sizes[sizes.count * 9 / 10], sizes.last ?? 0, typical))
        return seconds
    }
    let inputs = WorldInputs(manifests: loaded.manifests)
    let plain = RuleEngine(inputs: inputs, output: { _ in })
    let base = measure("no rules", engine: plain)
    let policy = RuleEngine(inputs: inputs, output: { _ in })
    try! policy.load(source: """
    uniform.policy("suite-first", function(query, candidates)
      for i = #candidates, 1, -1 do
        if candidates[i].bundle_id:find("^org%.vim%.") then candidates:move(candidates[i].bundle_id, 1) end
      end
    end)
    """, chunkName: "bench/policy.lua")
    let withPolicy = measure("one Lua policy", engine: policy)
    let standard = RuleEngine(inputs: inputs, output: { _ in })
    try! standard.loadStandardRules()
    _ = measure("standard rules loaded", engine: standard)
    print(String(format: "one Lua policy costs %.1fx the plain resolve", withPolicy / base))

    // The batch runner over the whole world.
    var findings = 0
    let check = Clock.best(runs: 3) {
        let engine = RuleEngine(inputs: inputs, output: { _ in })
        try! engine.loadStandardRules()
        findings = engine.runChecks().count
    }
    print(String(format: "check (standard rules, 56 manifests): %.0f ms, %d findings; %.1fx the load+build time", check * 1e3, findings, check / (parseAndLoad + build)))
}
