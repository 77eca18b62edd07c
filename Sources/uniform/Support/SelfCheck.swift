import Foundation
import UniformCore

/// `uniform check --format json` run by this same binary in another folder, for a rule's
/// examples: a fresh process, so the example's folder is the run's repository as it would be
/// for a user, with its own `.uniform.lua` and nothing of the current one.
enum SelfCheck {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The rule ids `uniform check` reported in `folder`.
    static func reportedRules(in folder: String, arguments: [String]) throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = ["check", "--format", "json"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        final class Box: @unchecked Sendable { var data = Data() }
        let err = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            err.data = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus != 2,
            let document = try? JSONSerialization.jsonObject(with: out) as? [String: Any],
            let findings = document["findings"] as? [[String: Any]]
        else {
            let message = String(decoding: err.data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            throw Failure(description: ReportText.line(message))
        }
        return Set(findings.compactMap { $0["rule"] as? String })
    }
}
