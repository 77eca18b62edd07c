import Foundation

/// One git plumbing command with its output read as a stream, so a listing can be stopped at a
/// cap instead of buffered whole. Standard input comes from a file, removed as soon as it is
/// open (never a pipe this process writes: a git that exits early cannot raise SIGPIPE here,
/// and Ctrl-C leaves nothing behind); standard error is drained on another thread and kept to
/// its first 4 KiB for the error message.
final class GitProcess {
    private let process = Process()
    private let output: FileHandle
    private let errors = ErrorTail()
    private let drained = DispatchGroup()
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    /// Starts `git ARGUMENTS` in `directory`, with `input` as its standard input.
    init(_ arguments: [String], in directory: String, input: Data? = nil) throws(GitTreeError) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        // A partial clone would fetch a missing blob over the network on a pull request's say;
        // a reader of the revision has everything it needs locally or fails. No pager, no
        // prompt for credentials.
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_NO_LAZY_FETCH"] = "1"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_PAGER"] = "cat"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            process.standardInput = try input.map(Self.unlinkedFile) ?? FileHandle.nullDevice
            try process.run()
        } catch {
            throw GitTreeError(.notARepository, revision: nil, "cannot run git (\(error.localizedDescription))")
        }
        output = out.fileHandleForReading
        let errors = errors
        let handle = err.fileHandleForReading
        drained.enter()
        DispatchQueue.global().async { [drained] in
            while let chunk = try? handle.read(upToCount: 65_536), !chunk.isEmpty { errors.append(chunk) }
            drained.leave()
        }
    }

    deinit {
        if !finished { stop() }
    }

    /// `data` in a temporary file that no longer has a name: only the handle reaches it.
    private static func unlinkedFile(_ data: Data) throws -> FileHandle {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uniform-git-\(UUID().uuidString)")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try FileHandle(forReadingFrom: url)
    }

    /// Bytes up to `delimiter` (not included), or nil at the end of the output.
    func read(until delimiter: UInt8) -> ArraySlice<UInt8>? {
        var searched = start
        while true {
            if let end = buffer[searched...].firstIndex(of: delimiter) {
                let line = buffer[start..<end]
                start = end + 1
                return line
            }
            let scanned = buffer.count - start
            defer { searched = start + scanned }
            if !fill() {
                guard start < buffer.count else { return nil }
                let line = buffer[start...]
                start = buffer.count
                return line
            }
        }
    }

    /// Exactly `count` bytes, handed to `body` in chunks; false when the output ended first.
    func read(count: Int, into body: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Bool {
        var left = count
        while left > 0 {
            if start == buffer.count, !fill() { return false }
            let n = min(left, buffer.count - start)
            try buffer[start..<start + n].withUnsafeBytes { try body($0) }
            start += n
            left -= n
        }
        return true
    }

    /// Waits for git; throws with its message when it failed.
    func finish(failure: (String) -> GitTreeError) throws(GitTreeError) {
        // What is left unread would block git on a full pipe.
        while fill() { start = buffer.count }
        process.waitUntilExit()
        drained.wait()
        finished = true
        guard process.terminationStatus == 0 else { throw failure(errors.text) }
    }

    /// Ends git early (a cap was reached): nothing more is read.
    func stop() {
        finished = true
        if process.isRunning { process.terminate() }
        try? output.close()
        process.waitUntilExit()
        drained.wait()
    }

    /// Appends the next chunk of output (first dropping what was consumed, so `start` may
    /// move); false at its end.
    private func fill() -> Bool {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65_536 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        guard let chunk = try? output.read(upToCount: 65_536), !chunk.isEmpty else { return false }
        buffer.append(contentsOf: chunk)
        return true
    }

    /// git's standard error, its first 4 KiB.
    private final class ErrorTail: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ chunk: Data) {
            lock.lock()
            defer { lock.unlock() }
            if data.count < 4096 { data.append(chunk.prefix(4096 - data.count)) }
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
