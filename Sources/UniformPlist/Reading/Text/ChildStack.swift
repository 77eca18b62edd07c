/// A stack of parsed children shared by every container level of one parse.
///
/// A container pushes its children here and, when it closes, copies its run out into an array
/// allocated once at the exact size, instead of growing a fresh array (1, 2, 4, 8, ...) per
/// container.
final class ChildStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    @inline(__always)
    func push(_ element: Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top out into an array.
    @inline(__always)
    func pop(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        // Copy then destroy rather than `Array(unsafeUninitializedCapacity:)`, whose
        // unspecialized path looked up generic metadata on every call.
        var result: [Element] = []
        result.reserveCapacity(n)
        result.append(contentsOf: UnsafeBufferPointer(start: storage + start, count: n))
        (storage + start).deinitialize(count: n)
        count = start
        return result
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
