/// Distinct items in insertion order. Lists of a declaration's parents or tags hold a handful
/// of items, where comparing each against the others costs less than hashing them into a set;
/// past a few dozen (hostile input) it keeps a set, so it never turns quadratic.
struct SmallUniqueList<Element: Hashable> {
    private(set) var items: [Element] = []
    private var index: Set<Element>?
    private static var linearLimit: Int { 16 }

    /// Adds `item` unless present; true if it was added.
    @discardableResult
    mutating func insert(_ item: Element) -> Bool {
        if index == nil, items.count >= Self.linearLimit { index = Set(items) }
        if index != nil {
            guard index!.insert(item).inserted else { return false }
        } else if items.contains(item) {
            return false
        }
        items.append(item)
        return true
    }
}
