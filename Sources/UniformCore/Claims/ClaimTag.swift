/// The tag a claim-map question names: `.pdb`, `ext:pdb`, `chemical/x-pdb`, `mime:text/x-foo`.
public enum ClaimTag {
    /// (tag class, tag), or nil when the text names no extension or MIME type (a type
    /// identifier, say, whose own tags the caller then maps one by one).
    public static func parse(_ text: String) -> (tagClass: String, tag: String)? {
        if text.hasPrefix("ext:") {
            let rest = text.dropFirst(4)
            return (TagClass.filenameExtension, String(rest.hasPrefix(".") ? rest.dropFirst() : rest))
        }
        if text.hasPrefix("mime:") { return (TagClass.mimeType, String(text.dropFirst(5))) }
        if text.hasPrefix("."), text.count > 1 { return (TagClass.filenameExtension, String(text.dropFirst())) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !text.contains(" ") {
            return (TagClass.mimeType, text)
        }
        return nil
    }

    /// The extensions and MIME types of a type's winning declaration, as claim-map questions.
    public static func tags(ofType identifier: String, graph: TypeGraph) -> [(tagClass: String, tag: String)] {
        guard let id = graph.id(of: identifier), let declaration = graph.declaration(id) else { return [] }
        return [TagClass.filenameExtension, TagClass.mimeType].flatMap { tagClass in
            declaration.tags(ofClass: tagClass).filter { !$0.isEmpty && $0 != "*" }.map { (tagClass, $0) }
        }
    }
}
