/// One tag carried by a dynamic identifier: a tag class and its value (`public.filename-extension`
/// = `srt`). A tuple would do, but tuples are not `Hashable`.
public struct DynamicTag: Hashable, Sendable {
    public var tagClass: String
    public var tag: String

    public init(tagClass: String, tag: String) {
        self.tagClass = tagClass
        self.tag = tag
    }
}
