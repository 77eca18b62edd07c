import Foundation

/// Renders DOT to SVG with Graphviz's `dot`, found on `PATH`.
///
/// Graphviz is optional: DOT and Mermaid need nothing, so its absence is reported only when SVG
/// is asked for, with the two ways out.
enum Graphviz {
    static let missing =
        "Graphviz `dot` is not installed; install it (apt-get install graphviz) or use --format dot|mermaid"

    /// The first executable `dot` on `PATH`.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let url = URL(fileURLWithPath: String(directory)).appendingPathComponent("dot")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func svg(from dot: String) throws -> Data {
        guard let executable = locate() else { throw CommandFailure.input(missing) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure.input("could not run \(executable.path): \(error.localizedDescription)")
        }
        // Read both streams while writing, so a large picture cannot fill a pipe and stall.
        final class Box: @unchecked Sendable { var data = Data() }
        let out = Box(), err = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            out.data = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            err.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        input.fileHandleForWriting.write(Data(dot.utf8))
        try? input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: err.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure.input(
                "\(executable.path) -Tsvg failed (status \(process.terminationStatus)): \(message)")
        }
        return out.data
    }
}
