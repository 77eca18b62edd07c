import Foundation
import UniformCore
import UniformPlist

/// The work each scaling child process does, printed as one line of numbers for the parent.
enum WorldChildren {
    /// `load-world DIR`: discover, parse, build the world, resolve `.txt` once.
    /// Prints `seconds peakBytes types apps`.
    static func loadWorld(_ directory: String) {
        let start = Clock.now()
        let loader = ManifestLoader()
        let (entries, _) = loader.discover([directory])
        let discovered = Clock.now()
        let parseCPU = Clock.processCPU()
        let loaded = loader.load(entries)
        let parsed = Clock.now()
        let parseCPUSeconds = Clock.processCPU() - parseCPU
        let buildCPU = Clock.threadCPU()
        let world = World(manifests: loaded.manifests)
        let built = Clock.now()
        let buildCPUSeconds = Clock.threadCPU() - buildCPU
        let resolution = try? Resolver(world: world).resolve(Query(target: .fileExtension("txt")))
        let seconds = Clock.now() - start
        if ProcessInfo.processInfo.environment["UNIFORM_BENCH_PHASES"] != nil {
            FileHandle.standardError.write(
                String(
                    format:
                        "discover %.3f s, parse %.3f s (%.3f s CPU), build %.3f s (%.3f s CPU), resolve %.4f s, findings %d\n",
                    discovered - start, parsed - discovered, parseCPUSeconds, built - parsed, buildCPUSeconds,
                    start + seconds - built, world.findings.count
                ).data(using: .utf8)!)
        }
        blackHole(resolution?.handlers.count)
        print("\(seconds) \(PeakMemory.bytes()) \(world.graph.count) \(world.apps.count)")
    }

    /// `build-world DIR [RUNS]`: load once, then build the world RUNS times (default 3) and
    /// print each build's thread CPU seconds, and the type graph's alone (a loop for `perf`
    /// and for before/after figures of the build phase that a busy machine distorts little).
    static func buildWorld(_ directory: String, runs: Int) {
        let manifests = ManifestLoader().load([directory]).manifests
        var declarations: [TypeDeclaration] = SystemCatalog.typeDeclarations
        for app in manifests {
            declarations.append(contentsOf: app.exportedTypes)
            declarations.append(contentsOf: app.importedTypes)
        }
        for _ in 0..<runs {
            var start = Clock.threadCPU()
            let wallStart = Clock.now(), processStart = Clock.processCPU()
            let world = World(manifests: manifests)
            let worldSeconds = Clock.threadCPU() - start
            let worldWall = Clock.now() - wallStart, worldProcess = Clock.processCPU() - processStart
            let findings = world.findings.count
            start = Clock.threadCPU()
            let graph = TypeGraph(declarations: declarations)
            let graphSeconds = Clock.threadCPU() - start
            print(
                String(
                    format:
                        "world %.3f s CPU (%d findings), %.3f s wall, %.3f s CPU all threads; type graph alone %.3f s CPU (%d types, %d findings)",
                    worldSeconds, findings, worldWall, worldProcess, graphSeconds, graph.count, graph.findings.count))
        }
    }

    /// `foundation-parse DIR`: read and parse every plist with `PropertyListSerialization`, as
    /// a tool built on Foundation would. Prints `seconds peakBytes bytes`.
    static func foundationParse(_ directory: String) {
        let files = ManifestLoader().discover([directory]).entries.map(\.path)
        let start = Clock.now()
        var bytes = 0
        for file in files {
            autoreleasepool {
                guard let data = FileManager.default.contents(atPath: file) else { return }
                bytes += data.count
                blackHole(try? PropertyListSerialization.propertyList(from: data, format: nil))
            }
        }
        let seconds = Clock.now() - start
        print("\(seconds) \(PeakMemory.bytes()) \(bytes)")
    }
}

#if !canImport(ObjectiveC)
/// Linux Foundation has no autorelease pools; the closure simply runs.
func autoreleasepool<T>(_ body: () throws -> T) rethrows -> T { try body() }
#endif
