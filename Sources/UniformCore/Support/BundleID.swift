/// Bundle ids compared as Launch Services compares them: ignoring case.
///
/// macOS stores the user's choices in lower case (`LSHandlerRoleAll = "com.microsoft.vscode"` in
/// `com.apple.launchservices.secure.plist`) for apps whose Info.plist says
/// `com.microsoft.VSCode`, and Launch Services' lookups by bundle id ignore case
/// (`LSFindApplicationForInfo`: "Comparison of bundle IDs is case-insensitive"; docs/evidence.md
/// §12). What is shown is always the manifest's spelling; only comparisons fold.
///
/// A bundle id is ASCII (letters, digits, `-` and `.`, as `CFBundleIdentifier` is documented),
/// so only ASCII letters fold: any other byte compares exactly, here and in Lua's `string.lower`
/// alike.
public enum BundleID {
    /// The spelling bundle ids are keyed by when case does not count: ASCII lower case, and the
    /// string itself, without allocating, when it has no capital (as most do not).
    public static func folded(_ id: String) -> String {
        guard id.utf8.contains(where: isCapital) else { return id }
        return String(decoding: id.utf8.map(fold), as: UTF8.self)
    }

    /// Whether two bundle ids name one app, compared byte by byte without making strings.
    public static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { fold($0) == fold($1) }
    }

    /// Whether a bundle id matches a pattern of `uniform.hide`'s `only` or an exposure's `inside`
    /// (`com.acme.*`), ignoring case.
    public static func matches(_ pattern: String, _ id: String) -> Bool {
        Glob.matches(pattern, id, ignoringCase: true)
    }

    static func isCapital(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// An ASCII capital as its small letter; any other byte as it is.
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 { isCapital(byte) ? byte | 0x20 : byte }
}
