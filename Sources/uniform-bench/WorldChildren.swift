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
        let loaded = loader.load(entries)
        let parsed = Clock.now()
        let world = World(manifests: loaded.manifests)
        let built = Clock.now()
        let resolution = try? Resolver(world: world).resolve(Query(target: .fileExtension("txt")))
        let seconds = Clock.now() - start
        if ProcessInfo.processInfo.environment["UNIFORM_BENCH_PHASES"] != nil {
            FileHandle.standardError.write(String(format: "discover %.3f s, parse %.3f s, build %.3f s, resolve %.4f s\n",
                                                  discovered - start, parsed - discovered, built - parsed, start + seconds - built).data(using: .utf8)!)
        }
        blackHole(resolution?.handlers.count)
        print("\(seconds) \(PeakMemory.bytes()) \(world.graph.count) \(world.apps.count)")
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
