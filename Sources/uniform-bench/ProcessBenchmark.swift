import Foundation

/// Fresh-process wall times: `uniform check` on one manifest (standard rules) and `uniform repl`
/// to its first prompt, against `true` and a minimal Swift binary as floors.
func runProcessBenchmark(sharedDirectory: String, workDirectory: String) {
    print("== fresh processes (best of 10, wall) ==")
    let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    let uniform = binDirectory + "/uniform"
    guard FileManager.default.isExecutableFile(atPath: uniform) else {
        print("\(uniform) is absent: build it with `swift build -c release --product uniform`")
        return
    }
    let manifest = sharedDirectory + "/realworld/plists/MacDownApp__macdown__MacDown__MacDown-Info.plist"
    let runs = 10
    let truePath =
        ["/usr/bin/true", "/bin/true"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/bin/true"
    let floor = ChildProcess.best(runs: runs, truePath, []) ?? .nan
    let swiftFloor = minimalSwiftBinary(in: workDirectory).flatMap { ChildProcess.best(runs: runs, $0, []) }
    let check = ChildProcess.best(runs: runs, uniform, ["check", manifest]) ?? .nan
    let repl = ChildProcess.best(runs: runs, uniform, ["repl", "--manifest", manifest], input: ":quit\n") ?? .nan
    print(
        String(
            format: "true: %.1f ms; minimal Swift binary: %@", floor * 1e3,
            swiftFloor.map { String(format: "%.1f ms", $0 * 1e3) } ?? "n/a (no swiftc)"))
    let base = swiftFloor ?? floor
    print(
        String(
            format: "uniform check (one manifest, standard rules): %.1f ms (%.1fx the Swift floor)", check * 1e3,
            check / base))
    print(String(format: "echo ':quit' | uniform repl: %.1f ms (%.1fx the Swift floor)", repl * 1e3, repl / base))
}

/// A Swift program that does nothing, compiled once with `swiftc -O`: the cost of starting the
/// Swift runtime alone.
private func minimalSwiftBinary(in workDirectory: String) -> String? {
    let binary = workDirectory + "/minimal-swift"
    if FileManager.default.isExecutableFile(atPath: binary) { return binary }
    let source = workDirectory + "/minimal-swift.swift"
    try? FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
    guard (try? "let x = 0\n".write(toFile: source, atomically: true, encoding: .utf8)) != nil else { return nil }
    guard let outcome = try? ChildProcess.run("/usr/bin/env", ["swiftc", "-O", source, "-o", binary]),
        outcome.status == 0
    else { return nil }
    return FileManager.default.isExecutableFile(atPath: binary) ? binary : nil
}
