import UniformPlist

/// Which lines of a plist a comment speaks for. The rule, documented for users:
///
/// - A comment applies to the **next element** after it — a key with its value, or an array
///   item — and every line inside it, up to the line before the next element at the same or a
///   shallower depth.
/// - A comment that is the **first thing inside** a `<dict>` or `<array>` applies to that whole
///   dictionary or array (so `<dict><!-- uniform:ignore … -->` covers one document type).
/// - A comment after the last element of its container applies to nothing.
///
/// Marks give where elements start, not where they end, so the end of an element is taken
/// as the line before whatever follows it; that is exact for one-element-per-line plists.
struct CommentScope {
    /// A key (with its value) or an array item, in document order.
    struct Item {
        var offset: Int
        var line: Int
        var depth: Int
        /// The item whose value holds this one; nil at the top level.
        var owner: Int?
        /// Where the holding `<dict>`/`<array>` starts.
        var containerOffset: Int
        var containerLine: Int
        var isFirst: Bool
    }

    private(set) var items: [Item] = []

    init(root: PlistNode) {
        collect(root, depth: 0, owner: nil)
    }

    private mutating func collect(_ node: PlistNode, depth: Int, owner: Int?) {
        guard let containerLine = node.mark.line else { return }
        switch node.value {
        case .dictionary(let dictionary):
            for (n, entry) in dictionary.entries.enumerated() {
                guard let line = entry.keyMark.line else { continue }
                items.append(
                    Item(
                        offset: entry.keyMark.offset, line: line, depth: depth, owner: owner,
                        containerOffset: node.mark.offset, containerLine: containerLine, isFirst: n == 0))
                collect(entry.value, depth: depth + 1, owner: items.count - 1)
            }
        case .array(let elements):
            for (n, element) in elements.enumerated() {
                guard let line = element.mark.line else { continue }
                items.append(
                    Item(
                        offset: element.mark.offset, line: line, depth: depth, owner: owner,
                        containerOffset: node.mark.offset, containerLine: containerLine, isFirst: n == 0))
                collect(element, depth: depth + 1, owner: items.count - 1)
            }
        default:
            break
        }
    }

    /// The lines a comment at `mark` covers, or nil when it precedes no element.
    func lines(for mark: Mark) -> ClosedRange<Int>? {
        guard let next = items.firstIndex(where: { $0.offset > mark.offset }) else { return nil }
        let item = items[next]
        if item.isFirst, item.containerOffset < mark.offset {
            // First thing inside a container: the whole container.
            guard let owner = item.owner else { return item.containerLine...Int.max }
            return item.containerLine...end(of: owner)
        }
        return item.line...end(of: next)
    }

    /// The last line of an item: the line before the next item at its depth or shallower.
    private func end(of index: Int) -> Int {
        let item = items[index]
        guard let following = items[(index + 1)...].first(where: { $0.depth <= item.depth }) else { return Int.max }
        return max(item.line, following.line - 1)
    }
}
