import UniformCore
import UniformRules

/// The defined query mix: the preferred extension of every type declared in the world, one
/// query each. Reported as queries per second, the distribution of candidate-list sizes and
/// nanoseconds per candidate, for the whole mix and for the typical queries (≤ 20 candidates).
struct ResolveMix {
    let queries: [Query]
    /// Queries with at most `typicalLimit` candidates (handlers + exclusions), measured apart.
    let typical: [Query]
    static let typicalLimit = 20

    init(world: World) {
        let graph = world.graph
        var queries: [Query] = []
        for id in graph.allIDs where graph.isDeclared(id) {
            if let ext = graph.preferredTag(id, ofClass: TagClass.filenameExtension) {
                queries.append(Query(target: .fileExtension(ext)))
            }
        }
        self.queries = queries
        let resolver = Resolver(world: world)
        typical = queries.filter { q in
            guard let r = try? resolver.resolve(q) else { return false }
            return r.handlers.count + r.excluded.count <= Self.typicalLimit
        }
    }

    /// One measurement of a query set on a resolver.
    struct Figures {
        var queries: Int
        var seconds: Double
        var candidates: Int
        var sizes: [Int]
        var perSecond: Double { Double(queries) / seconds }
        var nanosecondsPerCandidate: Double { seconds * 1e9 / Double(max(candidates, 1)) }
        func percentile(_ p: Int) -> Int { sizes.isEmpty ? 0 : sizes[min(sizes.count - 1, sizes.count * p / 100)] }
    }

    /// The queries on each platform's own world in turn (policies never rank a Mac app against
    /// iOS apps, so a world of both is measured per platform), as one set of figures.
    static func measure(_ queries: [Query], engine: RuleEngine, runs: Int = 10) -> Figures {
        let platforms: [Platform?] = engine.platformsInPlay.count > 1 ? engine.platformsInPlay : [nil]
        var total = Figures(queries: 0, seconds: 0, candidates: 0, sizes: [])
        for platform in platforms {
            let one = measure(queries, resolver: engine.withPlatform(platform) { engine.resolver }, runs: runs)
            total.queries += one.queries
            total.seconds += one.seconds
            total.candidates += one.candidates
            total.sizes += one.sizes
        }
        total.sizes.sort()
        return total
    }

    static func measure(_ queries: [Query], resolver: Resolver, runs: Int = 10) -> Figures {
        var candidates = 0
        var sizes: [Int] = []
        let seconds = Clock.bestCPU(runs: runs) {
            candidates = 0
            sizes.removeAll(keepingCapacity: true)
            for q in queries {
                let r = try! resolver.resolve(q)
                let n = r.handlers.count + r.excluded.count
                candidates += n
                sizes.append(n)
            }
        }
        sizes.sort()
        return Figures(queries: queries.count, seconds: seconds, candidates: candidates, sizes: sizes)
    }

    /// Prints the whole mix and the typical queries for one engine; returns both.
    @discardableResult
    func report(_ label: String, engine: RuleEngine, runs: Int = 10) -> (all: Figures, typical: Figures) {
        let all = Self.measure(queries, engine: engine, runs: runs)
        let small = Self.measure(typical, engine: engine, runs: runs)
        print(
            String(
                format:
                    "resolve (%@): %d queries, %.0f q/s, %.0f ns/candidate; candidates per query p50 %d, p90 %d, p99 %d, max %d",
                label, all.queries, all.perSecond, all.nanosecondsPerCandidate, all.percentile(50), all.percentile(90),
                all.percentile(99), all.sizes.last ?? 0))
        print(
            String(
                format: "  typical (≤ %d candidates): %d queries, %.0f q/s, %.0f ns/candidate",
                Self.typicalLimit, small.queries, small.perSecond, small.nanosecondsPerCandidate))
        return (all, small)
    }
}
