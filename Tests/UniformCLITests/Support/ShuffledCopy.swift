import Foundation

/// A copy of a folder whose files (and so their folders) are created in a seeded random order.
///
/// Some file systems list a folder in creation order (tmpfs lists the newest first), so two
/// copies made in different orders are two listings of the same tree: a report that depends
/// on the order a folder is listed in differs between them. `UNIFORM_SHUFFLE_SEED` shuffles
/// uniform's own listings too; this covers what reaches the binary from outside it.
enum ShuffledCopy {
    /// Copies every file under `source` (hidden ones too: `.uniform.lua`) to the same relative
    /// path under `destination`, in an order fixed by `seed`.
    static func copy(_ source: URL, to destination: URL, seed: UInt64) throws {
        let manager = FileManager.default
        var files: [String] = []
        guard let walk = manager.enumerator(atPath: source.path) else { return }
        while let relative = walk.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: source.appendingPathComponent(relative).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(relative)
            }
        }
        var generator = SeededGenerator(seed: seed)
        for relative in files.sorted().shuffled(using: &generator) {
            let target = destination.appendingPathComponent(relative)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: source.appendingPathComponent(relative), to: target)
        }
    }

    /// `items` in an order fixed by `seed`.
    static func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
        var generator = SeededGenerator(seed: seed)
        return items.shuffled(using: &generator)
    }
}
