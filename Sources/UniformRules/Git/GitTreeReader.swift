import Foundation
import UniformCore

/// Reads revisions of a git repository straight from its object database: `git ls-tree` for the
/// tree, `git cat-file --batch` for the bytes. Unlike `git archive` or a checkout, nothing of
/// the revision's own `.gitattributes` applies — no `export-ignore` hiding a file, no
/// `export-subst` expanding `$Format:…$` (which a crafted repository turns into gigabytes), no
/// smudge, text conversion or end-of-line filters — so what is read is exactly what was
/// committed. A pull request supplies the revision, so every read is bounded (`GitTreeLimits`),
/// and a revision is written only inside the folder it is given: names with `..` or `.git`
/// are skipped, files are created exclusively and never through a link, and symbolic links
/// are written last and removed again unless they resolve inside that folder.
public struct GitTreeReader: Sendable {
    /// The work tree's root, absolute.
    public let root: String
    /// The starting folder's path inside the work tree: `""`, or `sub/dir/`.
    public let prefix: String
    public var limits: GitTreeLimits

    /// The repository holding `directory` (the process's folder by default).
    public init(
        directory: String = FileManager.default.currentDirectoryPath, limits: GitTreeLimits = .standard
    ) throws(GitTreeError) {
        let failure = { (detail: String) in
            GitTreeError(
                .notARepository, revision: nil,
                "\(directory): not in a git work tree\(detail.isEmpty ? "" : " (\(detail))")")
        }
        let lines = try Self.lines(["rev-parse", "--show-toplevel", "--show-prefix"], in: directory, failure: failure)
        guard lines.count >= 1, !lines[0].isEmpty else { throw failure("") }
        root = lines[0]
        prefix = lines.count > 1 ? lines[1] : ""
        self.limits = limits
    }

    /// The commit `revision` names, as a full object id.
    public func commit(_ revision: String) throws(GitTreeError) -> String {
        let unknown = { (_: String) in
            GitTreeError(.unknownRevision, revision: revision, "\(revision): not a revision of this repository")
        }
        // A revision is never an option, whatever a workflow interpolates into it.
        guard !revision.isEmpty, !revision.hasPrefix("-") else { throw unknown("") }
        let lines = try Self.lines(
            ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root, failure: unknown)
        guard let id = lines.first, id.count >= 40, id.allSatisfy(\.isHexDigit) else { throw unknown("") }
        return id
    }

    /// The entries of `revision`'s tree that `filter` takes, in git's order. Submodules are
    /// listed (as `.submodule`); entries with a mode git never writes or a name that is not
    /// UTF-8 are left out.
    public func entries(at revision: String, filter: GitTreeFilter = .all) throws(GitTreeError) -> [GitTreeEntry] {
        try list(revision, commit: commit(revision), filter: filter).entries
    }

    /// The bytes of the file at `path` (from the repository's root) in `revision`; nil when
    /// the revision has no entry there. A symbolic link, a submodule or a folder is an error,
    /// as is a file over `limits.maxFileBytes`. For reading a trusted revision's `.uniform.lua`
    /// or baseline without checking anything out.
    public func contents(of path: String, at revision: String) throws(GitTreeError) -> Data? {
        let id = try commit(revision)
        guard Self.isSafe(path) else {
            throw GitTreeError(
                .notAFile, revision: revision, path: path, "\(revision): \(path): not a path in the tree")
        }
        let failure = { (detail: String) in
            GitTreeError(
                .gitFailed, revision: revision, path: path, "\(revision): \(path): git ls-tree failed: \(detail)")
        }
        let process = try GitProcess(
            ["--literal-pathspecs", "ls-tree", "-z", "--full-tree", id, "--", path], in: root)
        var found: (mode: String, type: String, object: String)?
        while let record = process.read(until: 0) {
            guard let parsed = Self.parse(record), parsed.path == path else { continue }
            found = (parsed.mode, parsed.type, parsed.object)
        }
        try process.finish(failure: failure)
        guard let found else { return nil }
        guard found.type == "blob", let kind = GitTreeEntry.kind(mode: found.mode), kind != .symlink else {
            let what = found.type == "tree" ? "a folder" : found.mode == "120000" ? "a symbolic link" : "not a file"
            throw GitTreeError(.notAFile, revision: revision, path: path, "\(revision): \(path) is \(what); not read")
        }
        let entry = GitTreeEntry(path: path, kind: kind, object: found.object)
        let size = try sizes(of: [entry], revision: revision)[0]
        try checkFileSize(size, entry: entry, revision: revision)
        var data = Data(capacity: size)
        try read([entry], sizes: [size], revision: revision) { _, chunk in data.append(contentsOf: chunk) }
        return data
    }

    /// Writes the entries of `revision` that `filter` takes under `directory` (created; it must
    /// not hold anything yet) and returns it. Caps are checked on the listing and the sizes
    /// before the first byte is written. On an error the folder may hold part of the tree:
    /// remove it.
    @discardableResult
    public func materialize(
        revision: String, into directory: URL, filter: GitTreeFilter = .all
    ) throws(GitTreeError) -> MaterializedTree {
        let id = try commit(revision)
        var listing = try list(revision, commit: id, filter: filter)
        var skipped = listing.skipped
        var wanted: [GitTreeEntry] = []
        for entry in listing.entries {
            if entry.kind == .submodule {
                skipped.append(.init(path: entry.path, reason: .submodule))
            } else if !Self.isSafe(entry.path) {
                skipped.append(.init(path: entry.path, reason: .unsafeName))
            } else {
                wanted.append(entry)
            }
        }
        listing.entries = []
        if wanted.count > limits.maxFiles {
            let path = wanted[limits.maxFiles].path
            throw GitTreeError(
                .tooManyFiles, revision: revision, path: path,
                "\(revision): more than \(limits.maxFiles) files to read (the next is \(path)); uniform reads at most \(limits.maxFiles) from one revision"
            )
        }
        let sizes = try sizes(of: wanted, revision: revision)
        var total = 0
        for (entry, size) in zip(wanted, sizes) {
            try checkFileSize(size, entry: entry, revision: revision)
            total += size
            if total > limits.maxTotalBytes {
                throw GitTreeError(
                    .tooManyBytes, revision: revision, path: entry.path,
                    "\(revision): the files to read add up to more than \(Self.bytes(limits.maxTotalBytes)) at \(entry.path); uniform reads at most that from one revision"
                )
            }
        }
        let writer = try TreeWriter(directory: directory, revision: revision)
        var links: [(path: String, target: Data)] = []
        var current: (index: Int, fd: Int32) = (-1, -1)
        var linkIndex = -1
        defer { if current.fd >= 0 { _ = Foundation.close(current.fd) } }
        func closeCurrent() throws(GitTreeError) {
            guard current.fd >= 0 else { return }
            let fd = current.fd
            current.fd = -1
            try writer.close(fd, path: wanted[current.index].path)
        }
        try read(wanted, sizes: sizes, revision: revision) {
            (index: Int, chunk: UnsafeRawBufferPointer) throws(GitTreeError) in
            let entry = wanted[index]
            if entry.kind == .symlink {
                if linkIndex != index {
                    linkIndex = index
                    links.append((entry.path, Data()))
                }
                links[links.count - 1].target.append(contentsOf: chunk)
                return
            }
            if current.index != index {
                try closeCurrent()
                current = (index, try writer.create(entry.path))
            }
            try writer.write(current.fd, chunk, path: entry.path)
        }
        try closeCurrent()
        let (kept, refused) = writer.link(links)
        skipped += refused
        return MaterializedTree(
            revision: revision, commit: id, directory: directory,
            files: wanted.count - links.count + kept, bytes: total, skipped: skipped)
    }

    // MARK: - Plumbing

    struct Listing {
        var entries: [GitTreeEntry] = []
        var skipped: [MaterializedTree.Skipped] = []
    }

    /// `git ls-tree -r -z --full-tree COMMIT`, streamed and stopped at `maxTreeEntries`.
    func list(_ revision: String, commit: String, filter: GitTreeFilter) throws(GitTreeError) -> Listing {
        let process = try GitProcess(["ls-tree", "-r", "-z", "--full-tree", commit], in: root)
        var listing = Listing()
        var count = 0
        while let record = process.read(until: 0) {
            count += 1
            guard let parsed = Self.parse(record) else {
                process.stop()
                throw GitTreeError(
                    .gitFailed, revision: revision, "\(revision): git ls-tree printed an unexpected line")
            }
            if count > limits.maxTreeEntries {
                process.stop()
                throw GitTreeError(
                    .tooManyEntries, revision: revision, path: parsed.path,
                    "\(revision): the tree lists more than \(limits.maxTreeEntries) entries (the next is \(parsed.path)); uniform reads at most that many from one revision"
                )
            }
            guard let kind = GitTreeEntry.kind(mode: parsed.mode), parsed.valid else {
                listing.skipped.append(.init(path: parsed.path, reason: .unsafeName))
                continue
            }
            let entry = GitTreeEntry(path: parsed.path, kind: kind, object: parsed.object)
            if filter.includes(entry) { listing.entries.append(entry) }
        }
        try process.finish { detail in
            GitTreeError(.gitFailed, revision: revision, "\(revision): git ls-tree failed: \(detail)")
        }
        return listing
    }

    /// One `mode SP type SP object TAB path` record.
    static func parse(
        _ record: ArraySlice<UInt8>
    ) -> (mode: String, type: String, object: String, path: String, valid: Bool)? {
        guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let fields = record[record.startIndex..<tab].split(separator: UInt8(ascii: " "))
        guard fields.count == 3 else { return nil }
        let name = record[(tab + 1)...]
        // Decoding replaces bytes that are not UTF-8, so the bytes differ exactly when the name is not.
        let path = String(decoding: name, as: UTF8.self)
        return (
            String(decoding: fields[0], as: UTF8.self), String(decoding: fields[1], as: UTF8.self),
            String(decoding: fields[2], as: UTF8.self), path, path.utf8.elementsEqual(name)
        )
    }

    /// Sizes from `git cat-file --batch-check`, in the order of `entries`.
    func sizes(of entries: [GitTreeEntry], revision: String) throws(GitTreeError) -> [Int] {
        guard !entries.isEmpty else { return [] }
        let process = try GitProcess(["cat-file", "--batch-check"], in: root, input: Self.requests(entries))
        var sizes: [Int] = []
        sizes.reserveCapacity(entries.count)
        for entry in entries {
            guard let line = process.read(until: UInt8(ascii: "\n")) else { break }
            let header = Self.header(line)
            guard let header, header.type == "blob" else {
                process.stop()
                throw GitTreeError(
                    .gitFailed, revision: revision, path: entry.path,
                    "\(revision): \(entry.path): object \(entry.object) is \(header?.type ?? "missing") (a partial clone may need `git fetch`)"
                )
            }
            sizes.append(header.size)
        }
        try process.finish { detail in
            GitTreeError(.gitFailed, revision: revision, "\(revision): git cat-file failed: \(detail)")
        }
        guard sizes.count == entries.count else {
            throw GitTreeError(.gitFailed, revision: revision, "\(revision): git cat-file stopped early")
        }
        return sizes
    }

    /// The bytes of `entries` from `git cat-file --batch`, to `body(index, chunk)` as they come.
    func read(
        _ entries: [GitTreeEntry], sizes: [Int], revision: String,
        _ body: (Int, UnsafeRawBufferPointer) throws(GitTreeError) -> Void
    ) throws(GitTreeError) {
        let process = try GitProcess(["cat-file", "--batch"], in: root, input: Self.requests(entries))
        for (index, entry) in entries.enumerated() {
            let unexpected = GitTreeError(
                .gitFailed, revision: revision, path: entry.path,
                "\(revision): \(entry.path): git cat-file did not give the object's \(sizes[index]) bytes")
            guard let line = process.read(until: UInt8(ascii: "\n")), let header = Self.header(line),
                header.type == "blob", header.size == sizes[index]
            else {
                process.stop()
                throw unexpected
            }
            var failure: GitTreeError?
            // An empty file still reaches `body`, once, with no bytes.
            if header.size == 0 {
                do throws(GitTreeError) { try body(index, UnsafeRawBufferPointer(start: nil, count: 0)) } catch {
                    failure = error
                }
            }
            let complete = process.read(count: header.size) { chunk in
                guard failure == nil else { return }
                do throws(GitTreeError) { try body(index, chunk) } catch { failure = error }
            }
            if let failure {
                process.stop()
                throw failure
            }
            guard complete, process.read(count: 1, into: { _ in }) else {
                process.stop()
                throw unexpected
            }
        }
        try process.finish { detail in
            GitTreeError(.gitFailed, revision: revision, "\(revision): git cat-file failed: \(detail)")
        }
    }

    /// `object SP type SP size`.
    static func header(_ line: ArraySlice<UInt8>) -> (type: String, size: Int)? {
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.count == 3, let size = Int(String(decoding: fields[2], as: UTF8.self)), size >= 0 else {
            return nil
        }
        return (String(decoding: fields[1], as: UTF8.self), size)
    }

    /// The objects to ask for, one a line: git's standard input.
    private static func requests(_ entries: [GitTreeEntry]) -> Data {
        var text = ""
        text.reserveCapacity(entries.count * 41)
        for entry in entries { text += entry.object + "\n" }
        return Data(text.utf8)
    }

    private func checkFileSize(_ size: Int, entry: GitTreeEntry, revision: String) throws(GitTreeError) {
        guard size > limits.maxFileBytes else { return }
        throw GitTreeError(
            .fileTooLarge, revision: revision, path: entry.path,
            "\(revision): \(entry.path) is \(size) bytes; uniform reads files of at most \(Self.bytes(limits.maxFileBytes)) from a revision"
        )
    }

    /// A path from the tree that can be written below a folder and stays there.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.utf8.contains(0) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { component in
            !component.isEmpty && component != "." && component != ".." && component.lowercased() != ".git"
        }
    }

    static func bytes(_ count: Int) -> String {
        count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
    }

    /// Runs git to its end and returns its output's lines.
    static func lines(
        _ arguments: [String], in directory: String, failure: (String) -> GitTreeError
    ) throws(GitTreeError) -> [String] {
        let process = try GitProcess(arguments, in: directory)
        var lines: [String] = []
        while lines.count < 16, let line = process.read(until: UInt8(ascii: "\n")) {
            lines.append(String(decoding: line, as: UTF8.self))
        }
        try process.finish(failure: failure)
        return lines
    }
}
