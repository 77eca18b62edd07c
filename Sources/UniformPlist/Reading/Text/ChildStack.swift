/// A stack of parsed children shared by every container level of one parse.
///
/// A container pushes its children here and, when it closes, moves its run out into an array
/// allocated once at the exact size. Growing a fresh array per container (1, 2, 4, 8, ...)
/// and copying out of a Swift array (retain, then release) were the largest costs after
/// string creation; moving out of raw memory costs neither.
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

    /// Moves the elements from `start` to the top out into an array. (Always inlined so it is
    /// specialized: the generic version looked up array metadata on every call.)
    @inline(__always)
    func pop(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0 else { return [] }
        let result = [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: storage + start, count: n)
            initialized = n
        }
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
