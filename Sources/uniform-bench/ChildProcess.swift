import Foundation

/// Runs a command and measures its wall time; used for fresh-process figures and for the
/// per-size children of the scaling benchmark.
enum ChildProcess {
    struct Outcome {
        var seconds: Double
        var status: Int32
        var output: String
    }

    struct SpawnError: Error { let code: Int32 }

    /// Spawns with `posix_spawn`: Foundation's `Process` added about 50 ms per child here,
    /// more than the fresh `uniform check` it was measuring.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Outcome {
        var output: [Int32] = [0, 0], inputPipe: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&inputPipe) == 0 else { throw SpawnError(code: errno) }
        // Opaque pointers on Darwin (<spawn.h>), structs in glibc.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in [output[0], inputPipe[1], output[1], inputPipe[0]] { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = Clock.now()
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee // <crt_externs.h>: `environ` is not visible to Swift there
        #else
        let environment = environ
        #endif
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        close(output[1])
        close(inputPipe[0])
        guard spawned == 0 else {
            close(output[0])
            close(inputPipe[1])
            throw SpawnError(code: spawned)
        }
        if let input {
            var bytes = Array(input.utf8)
            _ = write(inputPipe[1], &bytes, bytes.count)
        }
        close(inputPipe[1])
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(output[0], &buffer, buffer.count)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        close(output[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = Clock.now() - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(seconds: seconds, status: exitStatus, output: String(decoding: data, as: UTF8.self))
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
