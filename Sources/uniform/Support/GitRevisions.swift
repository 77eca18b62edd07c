import Foundation
import UniformRules

/// Revisions of the current git repository written to temporary folders for
/// `uniform diff --git REV1..REV2`, without touching the working tree or the index. The
/// reading — no attributes, bounded, links kept inside — is `GitTreeReader`'s; this holds the
/// folders and removes them on Ctrl-C.
struct GitRevisions {
    let reader: GitTreeReader
    let scratch: URL
    /// Ctrl-C (or a CI runner's SIGTERM) while revisions are checked out removes them first.
    private let interrupts: [DispatchSourceSignal]

    init() throws {
        do { reader = try GitTreeReader() } catch { throw CommandFailure.input(error.description) }
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

    /// Writes what a world can be loaded from in `revision` and returns the folder matching
    /// the working directory inside it.
    func checkout(_ revision: String) throws -> String {
        let tree = scratch.appendingPathComponent(
            String(revision.map { $0.isLetter || $0.isNumber ? $0 : "_" }) + "-\(UUID().uuidString.prefix(8))")
        let written: MaterializedTree
        do { written = try reader.materialize(revision: revision, into: tree, filter: .worldInputs) } catch {
            throw CommandFailure.input(error.description)
        }
        for skipped in written.skipped where skipped.reason == .linkOutside {
            Output.error("uniform: \(revision): \(skipped.path): a symbolic link out of the revision; not read")
        }
        let directory = tree.appendingPathComponent(reader.prefix).path
        if !FileManager.default.fileExists(atPath: directory) {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        return directory
    }

    /// The root of the tree `checkout` wrote, from the folder it returned.
    func treeRoot(of directory: String) -> String {
        var root = directory
        for _ in reader.prefix.split(separator: "/") { root = (root as NSString).deletingLastPathComponent }
        return root
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: scratch)
        for source in interrupts { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
