/// The abbreviations macOS writes in dynamic-identifier payloads instead of well-known strings.
///
/// Only codes confirmed by identifiers macOS actually produced are used: 0–F, `10` for
/// `com.apple.package` (Launch Services names the `.download` folder
/// `dyn.ah62d4qmuhk2x43dts71g255bqu`, `?0=10:1=download`, and `.dvdmedia` likewise) and `13` for
/// `public.content`. `11` and `12` are listed by other reimplementations but no identifier macOS
/// produced has been seen with them, so they stay unknown: written out in full when encoding,
/// decoded as literal text.
enum DynamicShortCode {
    /// The key of a conformance pair (`?0=6:…`).
    static let conformsToKey = "UTTypeConformsTo"

    static let table: [(code: String, expansion: String)] = [
        ("0", conformsToKey),
        ("1", TagClass.filenameExtension),
        ("2", TagClass.osType),
        ("3", TagClass.mimeType),
        ("4", TagClass.pasteboardType),
        ("5", TagClass.urlScheme),
        ("6", "public.data"),
        ("7", "public.text"),
        ("8", "public.plain-text"),
        ("9", "public.utf16-plain-text"),
        ("A", "com.apple.traditional-mac-plain-text"),
        ("B", "public.image"),
        ("C", "public.video"),
        ("D", "public.audio"),
        ("E", "public.directory"),
        ("F", "public.folder"),
        ("10", "com.apple.package"),
        ("13", "public.content"),
    ]

    private static let codeByExpansion: [String: String] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.expansion.lowercased(), $0.code) })
    private static let expansionByCode: [String: String] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.code, $0.expansion) })

    /// The short code for a string, matched ignoring case (identifiers compare that way), or
    /// `nil` when it has none and must be written out.
    static func code(for expansion: String) -> String? {
        codeByExpansion[expansion.lowercased()]
    }

    /// What a payload key or conformance value stands for: the expansion of a known code,
    /// otherwise the text itself. Codes are matched exactly (upper-case hex, as macOS writes
    /// them): the payload's bytes do not change with the case of the identifier.
    static func expand(_ text: String) -> String {
        expansionByCode[text] ?? text
    }
}
