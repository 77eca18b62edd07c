/// Quick Look preview (seed 003): the options menu of `UIDocumentInteractionController` offers
/// a preview for these types and everything conforming to them.
public enum QuickLook {
    public static let previewableTypes: [String] = [
        "com.apple.keynote.key", "com.apple.iwork.pages.pages", "com.apple.iwork.numbers.numbers",
        "com.microsoft.word.doc", "org.openxmlformats.wordprocessingml.document",
        "com.microsoft.excel.xls", "org.openxmlformats.spreadsheetml.sheet",
        "com.microsoft.powerpoint.ppt", "org.openxmlformats.presentationml.presentation",
        "public.rtf", "com.adobe.pdf", "public.image", "public.text", "public.comma-separated-values-text",
    ]

    /// The listed types plus every other iWork document type the catalog declares.
    public static func previewableIDs(in graph: TypeGraph) -> Set<TypeID> {
        var ids = Set(previewableTypes.compactMap { graph.id(of: $0) })
        for id in graph.allIDs where graph.identifier(id).lowercased().hasPrefix("com.apple.iwork.") && graph.isDeclared(id) {
            ids.insert(id)
        }
        return ids
    }

    public static func isPreviewable(_ type: DocumentType, previewable: Set<TypeID>) -> Bool {
        type.ancestors.contains { previewable.contains($0.id) }
    }
}
