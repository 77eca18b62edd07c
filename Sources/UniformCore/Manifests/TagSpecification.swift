/// One tag class of a declaration and its tags, in declared order (the first is preferred).
public struct TagList: Sendable, Hashable {
    public var tagClass: String
    public var tags: [String]

    public init(tagClass: String, tags: [String]) {
        self.tagClass = tagClass
        self.tags = tags
    }
}
