/// Makes test-case names unique within a suite by appending ` #2`, ` #3`, …
///
/// CI systems key test history on (classname, name); two findings with the same name would
/// merge into one, so later duplicates get a numbered suffix in report order, which is
/// deterministic.
struct UniqueNames {
    private var used: Set<String> = []

    mutating func claim(_ name: String) -> String {
        if used.insert(name).inserted { return name }
        var n = 2
        while !used.insert("\(name) #\(n)").inserted { n += 1 }
        return "\(name) #\(n)"
    }
}
