import Foundation
import UniformCore

/// Writes a revision's files below one folder and nowhere else. Folders and files are created
/// while the folder holds no symbolic link at all (so no write can pass through one), files
/// exclusively (`O_EXCL | O_NOFOLLOW`: two entries that one case-insensitive disk sees as the
/// same name are an error, not an overwrite); links come last and stay only when the kernel
/// resolves them inside the folder.
final class TreeWriter {
    let directory: URL
    let revision: String
    private var folders: Set<String> = [""]

    init(directory: URL, revision: String) throws(GitTreeError) {
        self.directory = directory
        self.revision = revision
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            if !(try FileManager.default.contentsOfDirectory(atPath: directory.path)).isEmpty {
                throw GitTreeError(.cannotWrite, revision: revision, "\(directory.path): not empty")
            }
        } catch let error as GitTreeError {
            throw error
        } catch {
            throw GitTreeError(
                .cannotWrite, revision: revision, "\(directory.path): cannot write (\(error.localizedDescription))")
        }
    }

    func failure(_ path: String, _ detail: String) -> GitTreeError {
        GitTreeError(.cannotWrite, revision: revision, path: path, "\(revision): \(path): cannot write (\(detail))")
    }

    /// A new file at `path` (its folders made), open for writing.
    func create(_ path: String) throws(GitTreeError) -> Int32 {
        try makeFolders(of: path)
        let fd = open(full(path), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(path, String(cString: strerror(errno))) }
        return fd
    }

    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(GitTreeError) {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path, String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    func close(_ fd: Int32, path: String) throws(GitTreeError) {
        guard Foundation.close(fd) == 0 else { throw failure(path, String(cString: strerror(errno))) }
    }

    /// Creates the links (folders first, then every link, then each kept only if it resolves
    /// inside the folder: a link may lead through another, so all must exist before any is
    /// judged). Returns how many stayed and why the others went.
    func link(_ links: [(path: String, target: Data)]) -> (kept: Int, refused: [MaterializedTree.Skipped]) {
        var refused: [MaterializedTree.Skipped] = []
        var created: [String] = []
        var candidates: [(path: String, target: String)] = []
        for (path, data) in links {
            guard data.count <= 4096, !data.isEmpty, !data.contains(0),
                let target = String(data: data, encoding: .utf8), (try? makeFolders(of: path)) != nil
            else {
                refused.append(.init(path: path, reason: .unsafeName))
                continue
            }
            candidates.append((path, target))
        }
        for (path, target) in candidates {
            if symlink(target, full(path)) == 0 {
                created.append(path)
            } else {
                refused.append(.init(path: path, reason: .unsafeName))
            }
        }
        let root = CanonicalPath.of(directory.path)
        var kept = 0
        for path in created {
            let reason: MaterializedTree.Skipped.Reason?
            if let resolved = realpath(full(path), nil) {
                let inside = RepositoryBoundary.contains(String(cString: resolved), root: root)
                free(resolved)
                reason = inside ? nil : .linkOutside
            } else {
                reason = .linkDangling
            }
            if let reason {
                unlink(full(path))
                refused.append(.init(path: path, reason: reason))
            } else {
                kept += 1
            }
        }
        return (kept, refused)
    }

    private func full(_ path: String) -> String { directory.path + "/" + path }

    /// Makes the folders above `path`, each a real folder (`mkdir`, never through a link: none
    /// exists yet when this runs).
    private func makeFolders(of path: String) throws(GitTreeError) {
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(component) : "/" + component
            if folders.contains(folder) { continue }
            if mkdir(full(folder), 0o755) != 0 {
                let code = errno
                var status = stat()
                guard code == EEXIST, lstat(full(folder), &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    throw failure(path, "\(folder): \(String(cString: strerror(code)))")
                }
            }
            folders.insert(folder)
        }
    }
}
