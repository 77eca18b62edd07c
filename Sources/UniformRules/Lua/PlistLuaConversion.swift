import Foundation
import UniformCore
import UniformLua
import UniformPlist

/// Property lists to Lua and back, for annotations (docs/SPEC.md §3/§4).
///
/// From Lua, a table with keys `1..n` is an array, an empty table a dictionary, and any other
/// non-string key is rejected. Dates travel as ISO 8601 strings and data as byte strings: Lua
/// has no such types, and a rule that edits an annotation should not need to know their shape.
enum PlistLuaConversion {
    static func toLua(_ node: PlistNode, state: LuaState) -> LuaValue {
        switch node.value {
        case .dictionary(let d):
            let t = state.makeTable()
            for entry in d.entries { t[entry.key] = toLua(entry.value, state: state) }
            return .table(t)
        case .array(let items):
            return .table(state.makeTable(array: items.map { toLua($0, state: state) }))
        case .string(let s): return .string(s)
        case .integer(let i): return .integer(i)
        case .unsignedInteger(let u): return .number(Double(u))
        case .real(let r): return .number(r)
        case .boolean(let b): return .boolean(b)
        case .date(let d): return .string(ISO8601DateFormatter().string(from: d))
        case .data(let bytes): return String(bytes: bytes, encoding: .utf8).map(LuaValue.string) ?? .bytes(bytes)
        case .uid(let u): return .integer(Int64(bitPattern: u))
        }
    }

    struct ConversionError: Error, CustomStringConvertible {
        var description: String
    }

    /// The most values an annotation built by a rule may hold. A hand-off's annotation is a
    /// small dictionary; a route returning a 300,000-key table once kept `send` busy for 28 s
    /// after the rule's own deadline.
    static let maxValues = 50_000

    static func fromLua(_ value: LuaValue, path: String = "annotation") throws -> PlistNode {
        var budget = maxValues
        return try fromLua(value, path: path, depth: 0, budget: &budget)
    }

    private static func fromLua(_ value: LuaValue, path: String, depth: Int, budget: inout Int) throws -> PlistNode {
        let mark = Mark(line: nil, column: nil, offset: 0)
        guard depth < 64 else { throw ConversionError(description: "\(path): nested too deeply (cycle?)") }
        budget -= 1
        guard budget >= 0 else {
            throw ConversionError(description: "more than \(maxValues) values; an annotation is a small dictionary")
        }
        switch value {
        case .nil: throw ConversionError(description: "\(path): nil cannot be stored in a property list")
        case .boolean(let b): return PlistNode(.boolean(b), mark: mark)
        case .integer(let i): return PlistNode(.integer(i), mark: mark)
        case .number(let d): return PlistNode(.real(d), mark: mark)
        case .string(let s): return PlistNode(.string(s), mark: mark)
        case .bytes(let b): return PlistNode(.data(b), mark: mark)
        case .table(let t):
            // Counted before the pairs are copied out.
            guard t.countEntries(upTo: budget) <= budget else {
                throw ConversionError(description: "more than \(maxValues) values; an annotation is a small dictionary")
            }
            let pairs = t.pairs()
            guard pairs.count <= budget else {
                throw ConversionError(description: "more than \(maxValues) values; an annotation is a small dictionary")
            }
            if pairs.isEmpty { return PlistNode(.dictionary(PlistDictionary()), mark: mark) }
            if let items = t.arrayValues(), items.count == pairs.count {
                return PlistNode(
                    .array(
                        try items.enumerated().map {
                            try fromLua($1, path: "\(path)[\($0 + 1)]", depth: depth + 1, budget: &budget)
                        }), mark: mark)
            }
            var entries: [PlistEntry] = []
            for (key, item) in pairs {
                guard case .string(let k) = key else {
                    throw ConversionError(
                        description:
                            "\(path): a property-list dictionary needs string keys, found a \(key.typeName) key (a table with keys 1..n is an array)"
                    )
                }
                entries.append(
                    PlistEntry(
                        key: k, keyMark: mark,
                        value: try fromLua(item, path: "\(path).\(k)", depth: depth + 1, budget: &budget)))
            }
            entries.sort { $0.key < $1.key }
            return PlistNode(.dictionary(PlistDictionary(entries: entries)), mark: mark)
        default:
            throw ConversionError(description: "\(path): a \(value.typeName) cannot be stored in a property list")
        }
    }

    /// A raw plist tree for checks that look at structure: every node is
    /// `{kind=…, value=…, location=…}`; dictionaries have `entries` (`{key, location, value}`),
    /// arrays `items`.
    static func rawTree(_ node: PlistNode, file: String, builder: LuaBuilder) -> LuaValue {
        var fields: [String: LuaValue] = ["location": builder.location(SourceLocation(file: file, mark: node.mark))]
        switch node.value {
        case .dictionary(let d):
            fields["kind"] = .string("dictionary")
            fields["entries"] = builder.table(
                d.entries.map { entry in
                    builder.table(
                        [],
                        [
                            "key": .string(entry.key),
                            "location": builder.location(SourceLocation(file: file, mark: entry.keyMark)),
                            "value": rawTree(entry.value, file: file, builder: builder),
                        ])
                })
        case .array(let items):
            fields["kind"] = .string("array")
            fields["items"] = builder.table(items.map { rawTree($0, file: file, builder: builder) })
        case .string(let s):
            fields["kind"] = .string("string")
            fields["value"] = .string(s)
        case .integer(let i):
            fields["kind"] = .string("integer")
            fields["value"] = .integer(i)
        case .unsignedInteger(let u):
            fields["kind"] = .string("integer")
            fields["value"] = .number(Double(u))
        case .real(let r):
            fields["kind"] = .string("real")
            fields["value"] = .number(r)
        case .boolean(let b):
            fields["kind"] = .string("boolean")
            fields["value"] = .boolean(b)
        case .date(let d):
            fields["kind"] = .string("date")
            fields["value"] = .string(ISO8601DateFormatter().string(from: d))
        case .data(let b):
            fields["kind"] = .string("data")
            fields["value"] = .bytes(b)
        case .uid(let u):
            fields["kind"] = .string("uid")
            fields["value"] = .integer(Int64(bitPattern: u))
        }
        return builder.table([], fields)
    }
}
