import Foundation

/// Load + build time and peak memory for generated worlds of several sizes, each against
/// Foundation parsing the same files, in fresh child processes; writes the scaling plot.
func runScaleBenchmark(sizes: [Int], workDirectory: String, seed: UInt64, plot: String?) {
    print("== scale (generated worlds, seed \(seed)) ==")
    let me = ChildProcess.selfPath
    var points: [ScalePoint] = []
    for n in sizes {
        guard let directory = generatedWorld(apps: n, seed: seed, under: workDirectory) else { continue }
        let runs = n >= 100_000 ? 1 : 2
        func child(_ command: String) -> [Double]? {
            var best: [Double]?
            for _ in 0..<runs {
                guard let outcome = try? ChildProcess.run(me, [command, directory]) else { return nil }
                let numbers = outcome.output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
                guard numbers.count >= 3 else { return nil }
                if best == nil || numbers[0] < best![0] { best = numbers }
            }
            return best
        }
        guard let ours = child("load-world"), let theirs = child("foundation-parse") else {
            print("\(n) apps: a child process failed")
            continue
        }
        let point = ScalePoint(
            apps: n, bytes: Int(theirs[2]), types: Int(ours[2]), seconds: ours[0], peakBytes: Int(ours[1]),
            foundationSeconds: theirs[0], foundationPeakBytes: Int(theirs[1]))
        points.append(point)
        print(
            String(
                format:
                    "%6d apps (%.1f MB, %d types): load+build+resolve %.3f s, peak %.0f MB; Foundation parse %.3f s, peak %.0f MB; ratio %.2fx of Foundation's time",
                n, Double(point.bytes) / 1e6, point.types, point.seconds, Double(point.peakBytes) / 1e6,
                point.foundationSeconds, Double(point.foundationPeakBytes) / 1e6,
                point.seconds / point.foundationSeconds))
    }
    for (a, b) in zip(points, points.dropFirst()) {
        let growth = Double(b.apps) / Double(a.apps)
        print(
            String(
                format: "growth %d → %d apps (×%.0f): time ×%.1f, memory ×%.1f", a.apps, b.apps, growth,
                b.seconds / a.seconds, Double(b.peakBytes) / Double(a.peakBytes)))
    }
    if let plot, points.count >= 2 {
        do {
            try ScalingPlot.svg(points).write(toFile: plot, atomically: true, encoding: .utf8)
            print("plot written to \(plot)")
        } catch {
            print("plot not written: \(error)")
        }
    }
}

/// The world of `apps` manifests for a seed, generated once and reused (a `.complete` marker
/// says the folder is whole).
func generatedWorld(apps: Int, seed: UInt64, under workDirectory: String) -> String? {
    let directory = "\(workDirectory)/world-\(apps)-seed\(seed)"
    let marker = directory + "/.complete"
    if FileManager.default.fileExists(atPath: marker) { return directory }
    try? FileManager.default.removeItem(atPath: directory)
    guard
        let outcome = try? ChildProcess.run(
            ChildProcess.selfPath, ["generate", "\(apps)", directory, "--seed", "\(seed)"]),
        outcome.status == 0
    else {
        print("generating \(apps) apps failed")
        return nil
    }
    FileManager.default.createFile(atPath: marker, contents: nil)
    print("generated \(apps) apps in \(directory): \(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))")
    return directory
}
