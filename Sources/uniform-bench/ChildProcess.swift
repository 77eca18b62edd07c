import Foundation

/// Runs a command and measures its wall time; used for fresh-process figures and for the
/// per-size children of the scaling benchmark.
enum ChildProcess {
    struct Outcome {
        var seconds: Double
        var status: Int32
        var output: String
    }

    static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let inPipe = Pipe()
        if input != nil { process.standardInput = inPipe } else { process.standardInput = FileHandle.nullDevice }
        let start = Clock.now()
        try process.run()
        if let input {
            inPipe.fileHandleForWriting.write(input.data(using: .utf8)!)
            try? inPipe.fileHandleForWriting.close()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Clock.now() - start
        return Outcome(seconds: seconds, status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Best wall time of `runs` fresh processes.
    static func best(runs: Int, _ executable: String, _ arguments: [String], input: String? = nil) -> Double? {
        var best = Double.infinity
        for _ in 0..<runs {
            guard let outcome = try? run(executable, arguments, input: input) else { return nil }
            best = min(best, outcome.seconds)
        }
        return best
    }

    /// Runs this executable again with the same arguments and `SWIFT_DETERMINISTIC_HASHING`
    /// set, passing its output through; returns its exit status.
    static func rerunDeterministically() -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: selfPath)
        process.arguments = Array(CommandLine.arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        do { try process.run() } catch { return 1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The absolute path of this executable.
    static var selfPath: String {
        let path = CommandLine.arguments[0]
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
