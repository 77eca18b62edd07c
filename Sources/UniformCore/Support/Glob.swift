/// uniform's one glob, for every pattern a user writes: suppressions' `file` and `subject`,
/// bundle-id patterns (`suite`, `uniform.hide`'s `only`, an exposure's `inside`), and the
/// conditions of Xcode build settings (`KEY[sdk=iphoneos*]`).
///
/// - `*` matches any run of characters, the empty run included, and `/` is a character like any
///   other: there are no path segments, so `**` matches what `*` matches, and `App/*.plist`
///   also matches `App/Sub/Info.plist`.
/// - `?` matches exactly one character (one Unicode scalar, however many UTF-8 bytes it takes).
/// - Every other character matches itself only: `[`, `]`, `{`, `}` and `\` are not special, and
///   a `*` or `?` in the text is matched by a wildcard like any character.
/// - The pattern covers the whole text, not a part of it.
/// - Case counts, unless `ignoringCase`: then ASCII letters fold, as bundle ids compare
///   (`BundleID`); any other character still matches only itself.
///
/// Xcode matches build-setting conditions with fnmatch(3)-style patterns, where `?` is one
/// character too (swift-build's `MacroCondition.evaluate`); fnmatch's bracket expressions
/// (`[a-z]`) are not supported here.
public enum Glob {
    public static func matches(_ pattern: String, _ text: String, ignoringCase: Bool = false) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        func same(_ a: UInt8, _ b: UInt8) -> Bool {
            a == b || (ignoringCase && BundleID.fold(a) == BundleID.fold(b))
        }
        // Greedy with one backtrack point, the last `*`: it takes one more character of the
        // text each time what follows it fails. Positions in the text stay on character starts.
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == asterisk {
                star = pi
                mark = ti
                pi += 1
            } else if pi < p.count, p[pi] == question {
                pi += 1
                ti += scalarLength(t[ti])
            } else if pi < p.count, same(p[pi], t[ti]) {
                pi += 1
                ti += 1
            } else if star >= 0 {
                pi = star + 1
                mark += scalarLength(t[mark])
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == asterisk { pi += 1 }
        return pi == p.count
    }

    private static let asterisk = UInt8(ascii: "*"), question = UInt8(ascii: "?")

    /// The bytes of the UTF-8 sequence `lead` starts (a Swift string's UTF-8 is well formed).
    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
