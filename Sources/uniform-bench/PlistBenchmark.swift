import Foundation
import UniformPlist

/// The XML files of the real-world corpus that Foundation can read, and the CoreTypes binary.
private func plistBenchmarkInputs(sharedDirectory: String) -> (xml: [[UInt8]], binary: [UInt8]?, binaryPath: String) {
    let shared = URL(fileURLWithPath: sharedDirectory)
    let plistDirectory = shared.appendingPathComponent("realworld/plists")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: plistDirectory.path)) ?? []).sorted()
    var xmlFiles: [(String, [UInt8])] = []
    for name in names {
        guard let data = FileManager.default.contents(atPath: plistDirectory.appendingPathComponent(name).path) else {
            continue
        }
        let bytes = [UInt8](data)
        if let first = bytes.first(where: {
            $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF
        }),
            first == UInt8(ascii: "<")
        {
            // Files Foundation cannot read (unprocessed #ifdef lines) are left out of both sides.
            if (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil {
                xmlFiles.append((name, bytes))
            }
        }
    }
    let binaryPath = shared.appendingPathComponent("reference/coretypes/CoreTypes-macOS12.7.6-Info.plist.bin").path
    let binary = FileManager.default.contents(atPath: binaryPath).map { [UInt8]($0) }
    return (xmlFiles.map(\.1), binary, binaryPath)
}

/// A fixed number of rounds of our reader alone, for `perf record` and for `perf stat`
/// (instructions and cycles compare two builds even on a machine busy with other work).
func profilePlistReader(sharedDirectory: String, binary: Bool, rounds: Int) {
    let (xmlFiles, binaryFile, _) = plistBenchmarkInputs(sharedDirectory: sharedDirectory)
    let files = binary ? binaryFile.map { [$0] } ?? [] : xmlFiles
    for _ in 0..<rounds {
        for bytes in files { blackHole(try? PlistReader.read(bytes: bytes, file: "bench")) }
    }
}

/// Compares the positional plist reader with Foundation's `PropertyListSerialization` on the
/// real-world XML manifests and the binary CoreTypes plist, in the same process and run.
/// Prints MB/s for each and the ratio (the target is at least 10x for both).
func runPlistBenchmark(sharedDirectory: String) {
    let (xmlFiles, binary, binaryPath) = plistBenchmarkInputs(sharedDirectory: sharedDirectory)

    print(
        "plist benchmark: \(xmlFiles.count) XML files (\(xmlFiles.reduce(0) { $0 + $1.count }) bytes), binary CoreTypes \(binary?.count ?? 0) bytes"
    )
    measure(label: "XML (real-world)", files: xmlFiles, minimumSeconds: 3)
    if let binary {
        measure(label: "binary (CoreTypes)", files: [binary], minimumSeconds: 3)
    } else {
        print("binary CoreTypes plist not found at \(binaryPath)")
    }
}

private func measure(label: String, files: [[UInt8]], minimumSeconds: Double) {
    let totalBytes = files.reduce(0) { $0 + $1.count }
    let datas = files.map { Data($0) }
    var sink = 0

    /// Best rate over several short trials, alternating the two readers so that both see the
    /// same machine load. Time is this thread's CPU time, not wall time: the benchmark often
    /// shares its CPUs with builds, and waiting for a CPU is not parsing.
    func rate(_ body: () -> Void, seconds: Double) -> Double {
        var rounds = 0
        let start = Clock.threadCPU()
        var elapsed = 0.0
        repeat {
            body()
            rounds += 1
            elapsed = Clock.threadCPU() - start
        } while elapsed < seconds
        return Double(totalBytes * rounds) / elapsed / 1_000_000
    }

    let readOurs = {
        for bytes in files {
            if let document = try? PlistReader.read(bytes: bytes, file: "bench") {
                sink &+= document.root.mark.offset &+ 1
            }
        }
    }
    let readFoundation = {
        for data in datas {
            if (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) != nil { sink &+= 1 }
        }
    }
    readOurs()
    readFoundation()
    // Many short trials: on a shared machine the best of each side is the figure least disturbed by
    // other work, and more trials give both sides more chances at a quiet moment.
    let trials = 21
    var ours = 0.0, foundation = 0.0
    for _ in 0..<trials {
        ours = max(ours, rate(readOurs, seconds: minimumSeconds / Double(trials)))
        foundation = max(foundation, rate(readFoundation, seconds: minimumSeconds / Double(trials)))
    }
    let ratio = ours / foundation
    print(
        String(
            format: "%@ (MB per CPU-second): uniform %.1f MB/s, Foundation %.1f MB/s, ratio %.1fx%@", label, ours,
            foundation, ratio, ratio >= 10 ? "" : "  (below the 10x target)"))
    if sink == 42 { print("") }
}
