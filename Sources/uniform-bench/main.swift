import Foundation

// uniform-bench [all|plist|lua|core] [--shared DIR]
// Prints figures with ratios against baselines measured in the same run. Build in release:
//   swift build -c release --product uniform-bench && .build/release/uniform-bench
var arguments = Array(CommandLine.arguments.dropFirst())
var shared = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent().appendingPathComponent("shared").path
if let i = arguments.firstIndex(of: "--shared"), i + 1 < arguments.count {
    shared = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
}
let which = Set(arguments.isEmpty ? ["all"] : arguments)
func wants(_ name: String) -> Bool { which.contains("all") || which.contains(name) }
if wants("plist") { runPlistBenchmark(sharedDirectory: shared) }
if wants("lua") { runLuaBenchmark() }
if wants("core") { runCoreBenchmark(sharedDirectory: shared) }
