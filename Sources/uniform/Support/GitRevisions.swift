import Foundation

/// Checks out revisions of the current git repository into temporary directories, for
/// `uniform diff --git REV1..REV2`, without touching the working tree or the index.
struct GitRevisions {
    /// The repository root and the working directory's path inside it (`""` or `sub/dir/`).
    let root: String
    let prefix: String
    let scratch: URL
    /// Ctrl-C (or a CI runner's SIGTERM) while revisions are checked out removes them first.
    private let interrupts: [DispatchSourceSignal]

    init() throws {
        root = try Self.git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
        prefix = try Self.git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .whitespacesAndNewlines)
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("uniform-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let scratch = scratch
        interrupts = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN) // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                try? FileManager.default.removeItem(at: scratch)
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// `A..B` → (A, B); `A..` or `A` → (A, nil), where nil is the working tree.
    static func parseRange(_ text: String) throws -> (String, String?) {
        let parts = text.components(separatedBy: "..")
        guard parts.count <= 2, let first = parts.first, !first.isEmpty, !text.contains("...") else {
            throw CommandFailure.input(
                "--git \(text): expected REV1..REV2 (e.g. origin/main..HEAD), or REV to compare with the working tree")
        }
        let second = parts.count == 2 && !parts[1].isEmpty ? parts[1] : nil
        return (first, second)
    }

    /// Extracts `revision` and returns the directory matching the working directory inside it.
    func checkout(_ revision: String) throws -> String {
        _ = try Self.git(
            ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"],
            failure: "\(revision): not a revision of this repository")
        let tree = scratch.appendingPathComponent(
            String(revision.map { $0.isLetter || $0.isNumber ? $0 : "_" }) + "-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        let archive = tree.appendingPathExtension("tar")
        _ = try Self.git(
            ["-C", root, "archive", "--format=tar", "-o", archive.path, revision],
            failure: "\(revision): git archive failed")
        _ = try Self.run(
            "/usr/bin/env", ["tar", "-xf", archive.path, "-C", tree.path],
            failure: "\(revision): cannot unpack the archive")
        try? FileManager.default.removeItem(at: archive)
        let directory = tree.appendingPathComponent(prefix).path
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        return directory
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: scratch)
        for source in interrupts { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    @discardableResult
    static func git(_ arguments: [String], failure: String? = nil) throws -> String {
        try run(
            "/usr/bin/env", ["git"] + arguments,
            failure: failure ?? "git \(arguments.first ?? ""): failed (is this a git repository?)")
    }

    static func run(_ executable: String, _ arguments: [String], failure: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { throw CommandFailure.input("\(failure) (\(error.localizedDescription))") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let detail = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure.input(detail.isEmpty ? failure : "\(failure): \(detail)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
