import Foundation

/// Work started on another core while the caller goes on with its own; `take()` waits for it.
///
/// Building a large world has parts that need nothing from each other (indexing the claims,
/// which needs no type graph, and building the graph): on two cores they overlap.
final class Background<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: T?

    init(_ body: @escaping @Sendable () -> T) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = body()
            self.done.signal()
        }
    }

    /// The result, once the work is done; moved out, so call it once.
    func take() -> T {
        done.wait()
        defer { result = nil }
        return result!
    }
}
