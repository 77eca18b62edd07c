import UniformCore
import UniformLua

extension LuaArguments {
    /// `examples = { triggering = { … }, non_triggering = { … } }`: each example is a string
    /// (the keys of an app's `App/Info.plist`) or a table of files by path, with an optional
    /// `arguments` list for `uniform check`.
    func examples() throws -> (triggering: [RuleExample], nonTriggering: [RuleExample]) {
        guard let table = try tableValue("examples") else { return ([], []) }
        for key in table.keys() {
            guard case .string(let name) = key, name == "triggering" || name == "non_triggering" else {
                throw fail("'examples' holds only 'triggering' and 'non_triggering' lists")
            }
        }
        return (try list(table["triggering"], "triggering"), try list(table["non_triggering"], "non_triggering"))
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
        case .string(let keys): return .infoPlist(keys)
        case .table(let t):
            var example = RuleExample(files: [:])
            for (key, value) in t.pairs() {
                guard case .string(let path) = key else { throw fail("'\(what)' has a key that is not a path") }
                if path == "arguments" {
                    example.arguments = try Self.strings(value, what: "\(function): '\(what).arguments'")
                } else if case .string(let contents) = value {
                    example.files[path] = contents
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
