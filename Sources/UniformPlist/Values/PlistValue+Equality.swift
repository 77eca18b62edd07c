/// Structural equality that ignores marks: two trees are equal when they hold the same values,
/// whichever file or format they came from. Dictionaries compare entry by entry in order
/// (duplicates included); `nan` equals `nan` so round trips of `<real>nan</real>` compare equal.
extension PlistValue {
    public func isStructurallyEqual(to other: PlistValue) -> Bool {
        switch (self, other) {
        case let (.dictionary(a), .dictionary(b)):
            guard a.entries.count == b.entries.count else { return false }
            for (x, y) in zip(a.entries, b.entries)
            where x.key != y.key || !x.value.value.isStructurallyEqual(to: y.value.value) {
                return false
            }
            return true
        case let (.array(a), .array(b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !x.value.isStructurallyEqual(to: y.value) { return false }
            return true
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.unsignedInteger(a), .unsignedInteger(b)): return a == b
        case let (.real(a), .real(b)): return a == b || (a.isNaN && b.isNaN)
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.date(a), .date(b)): return a == b
        case let (.data(a), .data(b)): return a == b
        case let (.uid(a), .uid(b)): return a == b
        default: return false
        }
    }
}

extension PlistNode {
    /// See `PlistValue.isStructurallyEqual(to:)`.
    public func isStructurallyEqual(to other: PlistNode) -> Bool {
        value.isStructurallyEqual(to: other.value)
    }
}
