import Foundation

/// A throwaway git repository in a temporary folder, for the reader's tests.
struct GitFixture {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("uniform-git-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try git("init", "-q")
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Runs git in the repository and returns its standard output, trimmed.
    @discardableResult
    func git(_ arguments: String..., input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["git", "-c", "user.name=uniform", "-c", "user.email=uniform@example.com", "-c", "commit.gpgsign=false"]
            + arguments
        process.currentDirectoryURL = root
        let out = Pipe(), inputPipe = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            DispatchQueue.global().async {
                inputPipe.fileHandleForWriting.write(Data(input.utf8))
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "git \(arguments.joined(separator: " ")) failed (\(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func write(_ text: String, _ relative: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func link(_ relative: String, to target: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    func commitAll(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "--allow-empty", "-m", message)
    }

    /// A blob of `text`, stored without a file.
    func blob(_ text: String) throws -> String { try git("hash-object", "-w", "--stdin", input: text) }

    /// A tree from `mktree` lines (`MODE TYPE OBJECT\tNAME`): crafted trees git itself would
    /// never write from a work tree.
    func tree(_ lines: [String]) throws -> String { try git("mktree", input: lines.joined(separator: "\n") + "\n") }

    /// A commit of `tree` on top of HEAD (if any), made HEAD.
    func commitTree(_ tree: String, _ message: String) throws -> String {
        let parent = (try? git("rev-parse", "--verify", "--quiet", "HEAD")) ?? ""
        let commit =
            parent.isEmpty
            ? try git("commit-tree", tree, "-m", message) : try git("commit-tree", tree, "-p", parent, "-m", message)
        try git("update-ref", "HEAD", commit)
        return commit
    }
}
