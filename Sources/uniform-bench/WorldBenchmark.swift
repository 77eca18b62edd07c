import Foundation
import UniformCore
import UniformRules

/// Conformance, the resolve mix (no rules, one Lua ranking policy, the standard rules) and
/// `check` on one world; used for the real-world sample and for generated worlds.
func runWorldBenchmark(label: String, manifests: [Manifest], checkRuns: Int = 3) {
    let inputs = WorldInputs(manifests: manifests)
    let world = World(manifests: manifests)
    let graph = world.graph

    // Conformance queries: every type against six common supertypes.
    let ids = graph.allIDs
    let targets = ["public.data", "public.text", "public.image", "public.item", "public.content", "com.apple.package"]
        .compactMap { graph.id(of: $0) }
    var hits = 0
    let rounds = max(1, 2_000_000 / max(1, ids.count * targets.count))
    let byHandle = Clock.best {
        for _ in 0..<rounds { for a in ids { for b in targets where graph.conforms(a, to: b) { hits += 1 } } }
    }
    let names = ids.map { graph.identifier($0) }
    let targetNames = targets.map { graph.identifier($0) }
    let stringRounds = max(1, rounds / 5)
    let byString = Clock.best {
        for _ in 0..<stringRounds {
            for a in names { for b in targetNames { if graph.conforms(a, to: b) { hits += 1 } } }
        }
    }
    blackHole(hits)
    let handleRate = Double(ids.count * targets.count * rounds) / byHandle
    let stringRate = Double(names.count * targetNames.count * stringRounds) / byString
    print(
        String(
            format: "[%@] conformance: %.1f M/s by handle, %.1f M/s by identifier string (%d types)",
            label, handleRate / 1e6, stringRate / 1e6, graph.count))

    let mix = ResolveMix(world: world)
    let plain = RuleEngine(inputs: inputs, output: { _ in })
    let base = mix.report("\(label), no rules", engine: plain)
    let policy = RuleEngine(inputs: inputs, output: { _ in })
    try! policy.load(source: rankingPolicySource, chunkName: "bench/policy.lua")
    let withPolicy = mix.report("\(label), one Lua policy", engine: policy)
    let standard = RuleEngine(inputs: inputs, output: { _ in })
    try! standard.loadStandardRules()
    mix.report("\(label), standard rules loaded", engine: standard)
    print(
        String(
            format: "[%@] one Lua policy costs %.1fx the plain resolve", label,
            withPolicy.all.seconds / base.all.seconds))

    // The standard rules' checks grow faster than linearly (see the README section); above a
    // few thousand apps they are left out rather than stall the run.
    guard manifests.count <= 2_000 else {
        print("[\(label)] check skipped above 2,000 apps")
        return
    }
    var findings = 0
    let check = Clock.best(runs: checkRuns) {
        let engine = RuleEngine(inputs: inputs, output: { _ in })
        try! engine.loadStandardRules()
        findings = engine.runChecks().count
    }
    print(
        String(
            format: "[%@] check (standard rules, %d apps): %.0f ms, %d findings", label, manifests.count, check * 1e3,
            findings))
}

/// The ranking policy of the "one Lua policy" figures: moves one vendor's apps to the front.
let rankingPolicySource = """
    uniform.policy("suite-first", function(query, candidates)
      for i = #candidates, 1, -1 do
        if candidates[i].bundle_id:find("^org%.vim%.") then candidates:move(candidates[i].bundle_id, 1) end
      end
    end)
    """
