/// Which tests run: `--filter` (a plain substring of the full name), `--tags`, `--exclude-tags`.
/// Tags are words starting with `#` in test or describe names (`it("big world #slow", …)`).
public struct TestSelection: Sendable {
    public var filter: String?
    public var tags: [String]
    public var excludeTags: [String]

    public init(filter: String? = nil, tags: [String] = [], excludeTags: [String] = []) {
        self.filter = filter
        self.tags = tags.map(Self.normalise)
        self.excludeTags = excludeTags.map(Self.normalise)
    }

    static func normalise(_ tag: String) -> String { tag.hasPrefix("#") ? String(tag.dropFirst()) : tag }

    static func tags(in path: [String]) -> Set<String> {
        var found = Set<String>()
        for name in path {
            for word in name.split(separator: " ") where word.hasPrefix("#") && word.count > 1 {
                found.insert(String(word.dropFirst()))
            }
        }
        return found
    }

    public func includes(_ path: [String]) -> Bool {
        let name = path.joined(separator: " ")
        if let filter, !filter.isEmpty, !name.contains(filter) { return false }
        let tags = Self.tags(in: path)
        if !self.tags.isEmpty, tags.isDisjoint(with: self.tags) { return false }
        if !excludeTags.isEmpty, !tags.isDisjoint(with: excludeTags) { return false }
        return true
    }
}
