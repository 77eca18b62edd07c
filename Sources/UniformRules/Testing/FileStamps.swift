import Foundation

/// What `uniform test --watch` compares between polls: each file's modification time and
/// size (or that it is missing). Polling stat is the same on Linux and macOS, needs no
/// inotify or FSEvents, and a run reads few enough files for it to cost nothing.
public struct FileStamps: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var modified: Date?
        var size: UInt64?
    }

    private var stamps: [String: Stamp]

    /// The files' stamps now. An Xcode project is watched through its `project.pbxproj` (the
    /// folder's own time does not move when the file is saved in place).
    public init(paths: some Sequence<String>) {
        var stamps: [String: Stamp] = [:]
        for path in paths {
            stamps[path] = Self.stamp(path)
            if path.hasSuffix(".xcodeproj") {
                let project = path + "/project.pbxproj"
                stamps[project] = Self.stamp(project)
            }
        }
        self.stamps = stamps
    }

    /// The files whose stamp differs in `now` (sorted): changed, created or removed.
    public func changes(in now: FileStamps) -> [String] {
        Set(stamps.keys).union(now.stamps.keys).filter { stamps[$0] != now.stamps[$0] }.sorted()
    }

    /// These files, with `earlier`'s stamp for those it has: stamped before a run, a file
    /// saved while the run read it still counts as changed at the next poll.
    public func keeping(_ earlier: FileStamps) -> FileStamps {
        var kept = self
        for (path, stamp) in earlier.stamps where kept.stamps[path] != nil { kept.stamps[path] = stamp }
        return kept
    }

    /// The same files, stamped again.
    public func restamped() -> FileStamps { FileStamps(paths: stamps.keys) }

    private static func stamp(_ path: String) -> Stamp {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return Stamp() }
        return Stamp(
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.uint64Value)
    }
}
