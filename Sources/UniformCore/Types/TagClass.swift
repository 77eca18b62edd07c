/// The tag classes the engine matches on, spelled as the UTIs Apple uses for them.
///
/// Tag classes are themselves identifiers; keeping the spellings in one place stops a typo in
/// one lookup from silently matching nothing.
public enum TagClass {
    /// Filename extensions, written without the leading dot (`jpg`).
    public static let filenameExtension = "public.filename-extension"
    /// MIME types (`image/jpeg`).
    public static let mimeType = "public.mime-type"
    /// Classic Mac OS four-character file types (`'PDF '`, trailing spaces included).
    public static let osType = "com.apple.ostype"
    /// Legacy pasteboard type names (`NSPromiseContentsPboardType`).
    public static let pasteboardType = "com.apple.nspboard-type"
    /// Dynamic identifiers can carry URL schemes (`public.url-scheme`, short code 5).
    public static let urlScheme = "public.url-scheme"

    /// Whether tags of `tagClass` compare ignoring case.
    ///
    /// In CoreTypes only the extension and MIME classes conform to
    /// `public.case-insensitive-text`, and LaunchServices checks exactly that when matching;
    /// OSTypes and pasteboard types are matched byte for byte. Tag class names are identifiers,
    /// so the class itself is compared ignoring case.
    public static func isCaseInsensitive(_ tagClass: String) -> Bool {
        if tagClass == filenameExtension || tagClass == mimeType { return true }
        let lowered = tagClass.lowercasedIfNeeded
        return lowered == filenameExtension || lowered == mimeType
    }
}
