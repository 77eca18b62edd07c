/// Bundle-id patterns: `*` matches any run of characters (`com.acme.*`).
public enum Glob {
    /// `ignoringCase` folds ASCII letters, as bundle ids compare (`BundleID`); file patterns
    /// (suppressions) keep it off.
    public static func matches(_ pattern: String, _ text: String, ignoringCase: Bool = false) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        func same(_ a: UInt8, _ b: UInt8) -> Bool {
            a == b || (ignoringCase && BundleID.fold(a) == BundleID.fold(b))
        }
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, same(p[pi], t[ti]) || p[pi] == UInt8(ascii: "?") {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
