/// A value behind one reference, copied on the first change while another box shares it: value
/// semantics for rarely-written data (a candidate's rule marks) at the cost of one word until
/// something is written.
struct CopyOnWriteBox<Value: Sendable>: Sendable {
    /// `@unchecked`: `value` is written only through `modify`, which first copies storage that
    /// another box shares, so storage two threads can reach is never written.
    private final class Storage: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) { storage = Storage(value) }

    var value: Value { storage.value }

    mutating func modify<Result>(_ body: (inout Value) -> Result) -> Result {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
        return body(&storage.value)
    }
}
