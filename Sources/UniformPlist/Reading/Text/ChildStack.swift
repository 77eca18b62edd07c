/// A stack of parsed children shared by every container level of one parse.
///
/// A container pushes its children here and, when it closes, copies its run out into an array
/// allocated once at the exact size, instead of growing a fresh array (1, 2, 4, 8, ...) per
/// container.
///
/// The mutable state lives behind a raw pointer rather than in `var` properties: mutating a
/// class's stored properties costs a dynamic exclusivity check per access, which profiled at
/// several percent of the whole parse.
final class ChildStack<Element> {
    private struct State {
        var storage: UnsafeMutablePointer<Element>
        var capacity: Int
        var count: Int
    }

    private let state: UnsafeMutablePointer<State>

    init(capacity: Int = 64) {
        state = .allocate(capacity: 1)
        state.initialize(to: State(storage: .allocate(capacity: capacity), capacity: capacity, count: 0))
    }

    deinit {
        state.pointee.storage.deinitialize(count: state.pointee.count)
        state.pointee.storage.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var count: Int { state.pointee.count }

    @inline(__always)
    func push(_ element: Element) {
        if state.pointee.count == state.pointee.capacity { grow() }
        (state.pointee.storage + state.pointee.count).initialize(to: element)
        state.pointee.count += 1
    }

    /// Moves the elements from `start` to the top out into an array.
    @inline(__always)
    func pop(from start: Int) -> [Element] {
        let n = state.pointee.count - start
        guard n > 0 else { return [] }
        let first = state.pointee.storage + start
        // Moved, not copied: a copy would retain every child's strings and arrays here and
        // release them again when the stack's slots are destroyed. (Appending one by one rather
        // than `Array(unsafeUninitializedCapacity:)`, whose unspecialized path looks up generic
        // metadata on every call.)
        var result: [Element] = []
        result.reserveCapacity(n)
        for k in 0..<n { result.append((first + k).move()) }
        state.pointee.count = start
        return result
    }

    private func grow() {
        let newCapacity = state.pointee.capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: state.pointee.storage, count: state.pointee.count)
        state.pointee.storage.deallocate()
        state.pointee.storage = newStorage
        state.pointee.capacity = newCapacity
    }
}
