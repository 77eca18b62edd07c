import Foundation

/// Maps over an array on all cores, keeping the order of the input.
///
/// Parsing thousands of manifests is embarrassingly parallel; this is the one place that
/// knows how to spread it, so callers stay plain functions. The work runs on threads made with
/// an explicit stack size: GCD's worker threads get 512 KiB on macOS (and `ulimit -s` on Linux),
/// and the plist readers recurse once per nesting level up to `PlistLimits.maxDepth`.
enum ParallelMap {
    /// Stack of each worker thread (reserved address space, touched only as deep as parsing goes).
    static let stackSize = 16 << 20

    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @escaping @Sendable (T) -> R) -> [R] {
        guard !items.isEmpty else { return [] }
        let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let box = UncheckedBox(results)
        let workers = items.count < 8 ? 1 : min(items.count, ProcessInfo.processInfo.activeProcessorCount)
        let done = DispatchGroup()
        // (escaping: a Thread keeps its block until the thread object goes, after this returns)
        for worker in 0..<workers {
            done.enter()
            let thread = Thread {
                var i = worker
                while i < items.count {
                    box.value[i] = transform(items[i])
                    i += workers
                }
                done.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        done.wait()
        return results.map { $0! }
    }
}

/// Lets disjoint writes to one buffer cross into the worker threads.
private final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
