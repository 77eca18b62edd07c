import Foundation

/// Maps over an array on all cores, keeping the order of the input.
///
/// Parsing thousands of manifests is embarrassingly parallel; this is the one place that
/// knows how to spread it, so callers stay plain functions.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count < 8 { return items.map(transform) }
        let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let box = UncheckedBox(results)
        let chunks = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var i = chunk
            while i < items.count {
                box.value[i] = transform(items[i])
                i += chunks
            }
        }
        return results.map { $0! }
    }
}

/// Lets disjoint writes to one buffer cross into `concurrentPerform`.
private final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
