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
        let prefix = Array("com.apple.iwork.".utf8)
        for id in graph.allIDs where graph.isDeclared(id) && hasPrefixIgnoringASCIICase(graph.identifier(id), prefix) {
            ids.insert(id)
        }
        return ids
    }

    public static func isPreviewable(_ type: DocumentType, previewable: Set<TypeID>) -> Bool {
        type.ancestors.contains { previewable.contains($0.id) }
    }

    /// `lowercased().hasPrefix` without allocating: the prefix is lowercase ASCII, so only
    /// ASCII letters of the identifier need folding.
    private static func hasPrefixIgnoringASCIICase(_ text: String, _ prefix: [UInt8]) -> Bool {
        var i = 0
        for byte in text.utf8 {
            if i == prefix.count { return true }
            let folded = (byte >= 65 && byte <= 90) ? byte + 32 : byte
            if folded != prefix[i] { return false }
            i += 1
        }
        return i == prefix.count
    }
}
