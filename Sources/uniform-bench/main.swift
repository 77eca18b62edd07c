import Foundation
import UniformCore
import UniformRules

// uniform-bench [all|plist|lua|core|project|scale|process|hostile|tests] [--shared DIR] [--work DIR] [--sizes 1000,10000,100000]
//               [--seed S] [--plot FILE] [--world N]
// uniform-bench resolve [--generated] [--runs N] [--plain-only|--policy-only|--typical-only]
// uniform-bench generate N DIR [--seed S]
// uniform-bench profile-plist [--binary] [--rounds N]   (our reader alone, for perf record/stat)
// Prints figures with ratios against baselines measured in the same run. Build in release:
//   swift build -c release && .build/release/uniform-bench   (two --product flags build only the last)
AllocatorTuning.allowForLargeLoads() // as `uniform` does, so large worlds load as they would there
var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    let value = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
    return value
}
let shared =
    option("--shared")
    ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent()
    .appendingPathComponent("shared").path
let work = option("--work") ?? NSTemporaryDirectory() + "uniform-bench"
let seed = option("--seed").flatMap { UInt64($0) } ?? 1
let sizes = option("--sizes").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000, 10_000, 100_000]
let plot = option("--plot")
let worldSize = option("--world").flatMap { Int($0) } ?? 10_000

switch arguments.first {
case "generate":
    guard arguments.count >= 3, let n = Int(arguments[1]) else {
        print("usage: uniform-bench generate N DIR [--seed S]")
        exit(2)
    }
    // Foundation writes binary plists in dictionary order, which Swift seeds per process;
    // deterministic hashing makes the files depend on the seed alone.
    if ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil {
        exit(ChildProcess.rerunDeterministically())
    }
    let start = Clock.now()
    let (files, bytes) = try WorldGenerator(count: n, seed: seed).write(to: arguments[2])
    print(String(format: "%d manifests, %.1f MB, in %.1f s", files.count, Double(bytes) / 1e6, Clock.now() - start))
case "resolve":
    // Resolve figures only (no rules and one Lua policy), for iterating on the resolver:
    // `resolve [--generated] [--runs N]` on the real manifests or the generated world of --world N.
    let runs = option("--runs").flatMap { Int($0) } ?? 10
    guard let world = benchWorld(generated: arguments.contains("--generated")) else { exit(1) }
    let mix = ResolveMix(world: world)
    let label = arguments.contains("--generated") ? "\(worldSize) generated" : "56 real"
    if arguments.contains("--typical-only") {
        // The typical queries alone, no rules (for instruction counts under callgrind).
        let engine = UniformRules.RuleEngine(inputs: UniformCore.WorldInputs(manifests: world.apps), output: { _ in })
        let figures = ResolveMix.measure(mix.typical, engine: engine, runs: runs)
        print(
            String(
                format: "typical (%@, no rules): %d queries, %.0f q/s, %.0f ns/candidate", label, figures.queries,
                figures.perSecond, figures.nanosecondsPerCandidate))
        exit(0)
    }
    let inputs = UniformCore.WorldInputs(manifests: world.apps)
    if !arguments.contains("--policy-only") {
        mix.report("\(label), no rules", engine: UniformRules.RuleEngine(inputs: inputs, output: { _ in }), runs: runs)
    }
    if !arguments.contains("--plain-only") {
        let policy = UniformRules.RuleEngine(inputs: inputs, output: { _ in })
        try policy.load(source: rankingPolicySource, chunkName: "bench/policy.lua")
        mix.report("\(label), one Lua policy", engine: policy, runs: runs)
    }
case "profile-resolve":
    // A loop for `perf record`: the resolve mix on the real manifests (or, with --generated, the
    // generated world of --world N), no rules (or, with --policy, one Lua policy), ~5 s.
    guard let world = benchWorld(generated: arguments.contains("--generated")) else { exit(1) }
    let mix = ResolveMix(world: world)
    let engine = UniformRules.RuleEngine(inputs: UniformCore.WorldInputs(manifests: world.apps), output: { _ in })
    if arguments.contains("--policy") { try engine.load(source: rankingPolicySource, chunkName: "bench/policy.lua") }
    let start = Clock.now()
    while Clock.now() - start < 5 { blackHole(ResolveMix.measure(mix.queries, engine: engine, runs: 1)) }
case "profile-plist":
    // Our reader alone on the XML corpus (or, with --binary, on the CoreTypes binary plist),
    // `--rounds` times (default 1000, a few seconds).
    let rounds = option("--rounds").flatMap { Int($0) } ?? 1000
    profilePlistReader(sharedDirectory: shared, binary: arguments.contains("--binary"), rounds: rounds)
case "profile-project":
    // A loop for `perf record`: opening the largest shared project's session (with --rules, the
    // standard rules and checks too), ~5 s.
    profileProject(sharedDirectory: shared, withRules: arguments.contains("--rules"))
case "load-world":
    WorldChildren.loadWorld(arguments[1])
case "digest":
    WorldDigest.print(Array(arguments.dropFirst()), queries: 3_000)
case "build-world":
    WorldChildren.buildWorld(arguments[1], runs: arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3)
case "foundation-parse":
    WorldChildren.foundationParse(arguments[1])
case "hostile-one":
    runHostileOne(arguments[1])
default:
    let which = Set(arguments.isEmpty ? ["all"] : arguments)
    func wants(_ name: String) -> Bool { which.contains("all") || which.contains(name) }
    if wants("plist") { runPlistBenchmark(sharedDirectory: shared) }
    if wants("lua") { runLuaBenchmark() }
    if wants("core") { runCoreBenchmark(sharedDirectory: shared) }
    if wants("project") { runProjectBenchmark(sharedDirectory: shared) }
    if wants("world"), let directory = generatedWorld(apps: worldSize, seed: seed, under: work) {
        print("== generated world of \(worldSize) apps ==")
        runWorldBenchmark(
            label: "\(worldSize) generated", manifests: UniformCore.ManifestLoader().load([directory]).manifests,
            checkRuns: 1)
    }
    if wants("scale") { runScaleBenchmark(sizes: sizes, workDirectory: work, seed: seed, plot: plot) }
    if wants("process") { runProcessBenchmark(sharedDirectory: shared, workDirectory: work) }
    if wants("hostile") { runHostileBenchmark(sharedDirectory: shared, workDirectory: work) }
    if wants("tests") { runTestSuiteBenchmark(sharedDirectory: shared) }
}

/// The real manifests, or the generated world of `--world N` (generated if missing).
@MainActor func benchWorld(generated: Bool) -> World? {
    if !generated { return World(manifests: ManifestLoader().load([shared + "/realworld/plists"]).manifests) }
    guard let directory = generatedWorld(apps: worldSize, seed: seed, under: work) else { return nil }
    return World(manifests: ManifestLoader().load([directory]).manifests)
}
