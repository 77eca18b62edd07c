import UniformCore
import UniformLua

extension LuaArguments {
    /// `examples = { triggering = { … }, non_triggering = { … } }`: each example is a string
    /// (the keys of an app's `App/Info.plist`) or a table of files by path, with an optional
    /// `arguments` list for `uniform check`. Text is written indented like the Lua around it;
    /// a `.plist` given as its root keys is wrapped as `RuleExample.plist` writes a plist.
    func examples() throws -> (triggering: [RuleExample], nonTriggering: [RuleExample]) {
        guard let table = try tableValue("examples") else { return ([], []) }
        try only(["triggering", "non_triggering"], in: table, "examples")
        return (try list(table["triggering"], "triggering"), try list(table["non_triggering"], "non_triggering"))
    }

    /// `variant = { severity = "note", when = "outside the App Store" }`: the other severity
    /// some findings of the check take (`report { severity = … }`), and when.
    func variant() throws -> RuleDescription.Variant? {
        guard let table = try tableValue("variant") else { return nil }
        try only(["severity", "when"], in: table, "variant")
        guard case .string(let text) = table["severity"], let severity = Severity(rawValue: text.lowercased()) else {
            throw fail("'variant.severity' must be error, warning or note")
        }
        guard case .string(let when) = table["when"], !when.isEmpty else {
            throw fail("'variant.when' is required: when findings take that severity (\"outside the App Store\")")
        }
        return RuleDescription.Variant(severity, when: when)
    }

    /// A file's text as written in a rule file: a property list given as its keys is wrapped
    /// in the plist's XML; anything else is taken as it is.
    static func file(_ path: String, _ contents: String) -> String {
        let text = dedented(contents)
        guard path.hasSuffix(".plist"), !["<?xml", "<!DOCTYPE", "<plist", "bplist"].contains(where: text.hasPrefix)
        else { return contents }
        return RuleExample.plist(text)
    }

    /// `text` without the indentation its lines share, its leading line break or its trailing
    /// blanks: a long string written inside an indented table.
    static func dedented(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
        while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
        let indent =
            lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    /// A misspelt key names itself and the key it is nearest.
    private func only(_ keys: [String], in table: LuaTableRef, _ field: String) throws {
        for key in table.keys() {
            guard case .string(let name) = key else { throw fail("'\(field)' has a key that is not a name") }
            guard keys.contains(name) else {
                let near = keys.min { EditDistance.between(name, $0) < EditDistance.between(name, $1) }
                    .flatMap { EditDistance.between(name, $0) <= 3 ? $0 : nil }
                throw fail(
                    "'\(field)' has no field '\(ReportText.line(String(name.prefix(60))))'"
                        + (near.map { "; did you mean '\($0)'?" } ?? "; it holds \(keys.joined(separator: " and "))"))
            }
        }
    }

    private func list(_ value: LuaValue, _ name: String) throws -> [RuleExample] {
        switch value {
        case .nil: return []
        case .table(let t):
            guard let items = t.arrayValues() else { throw fail("'examples.\(name)' must be a list") }
            return try items.enumerated().map { try example($1, "examples.\(name)[\($0 + 1)]") }
        case let other: throw fail("'examples.\(name)' must be a list, got \(other.typeName)")
        }
    }

    private func example(_ value: LuaValue, _ what: String) throws -> RuleExample {
        switch value {
        case .string(let keys): return .infoPlist(Self.dedented(keys))
        case .table(let t):
            var example = RuleExample(files: [:])
            for (key, value) in t.pairs() {
                guard case .string(let path) = key else { throw fail("'\(what)' has a key that is not a path") }
                if path == "arguments" {
                    example.arguments = try Self.strings(value, what: "\(function): '\(what).arguments'")
                } else if case .string(let contents) = value {
                    example.files[path] = Self.file(path, contents)
                } else {
                    throw fail("'\(what)[\"\(path)\"]' must be the file's text, got \(value.typeName)")
                }
            }
            return example
        case let other:
            throw fail(
                "'\(what)' must be an Info.plist's keys (a string) or files by path (a table), got \(other.typeName)")
        }
    }
}
