/// Where a string of a configuration is written, for an error that names its line.
///
/// A configuration is run, not parsed, so its values carry no positions; the text is searched
/// instead: the first line after the key's that holds the value as a quoted string. A value
/// built at run time (concatenated, from a variable) has no such line and gets none.
enum SourceLines {
    static func lines(of values: [String], after key: String, in text: String) -> [String: Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = lines.firstIndex { $0.range(of: "\\b\(key)\\s*=", options: .regularExpression) != nil } ?? 0
        var found: [String: Int] = [:]
        for value in values where found[value] == nil {
            let quoted = ["\"\(value)\"", "'\(value)'", "[[\(value)]]"]
            if let n = lines.indices.dropFirst(start).first(where: { n in quoted.contains { lines[n].contains($0) } }) {
                found[value] = n + 1
            }
        }
        return found
    }
}
