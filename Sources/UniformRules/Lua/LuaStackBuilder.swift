import UniformCore
import UniformLua

/// Pushes the policy call's arguments — the query and the candidate records — straight onto
/// the Lua stack: the same tables `LuaBuilder` makes, without a `[String: LuaValue]`
/// dictionary and a registry reference per table. A policy runs on every resolve, so this is
/// the hot path of ranking.
struct LuaStackBuilder {
    let stack: LuaStack

    func strings(_ items: [String]) {
        stack.newTable(arrayCount: items.count)
        for (i, item) in items.enumerated() {
            stack.push(item)
            stack.setIndex(i + 1)
        }
    }

    func location(_ l: SourceLocation) {
        stack.newTable(fieldCount: 4)
        stack.push(l.file); stack.setField("file")
        if let line = l.line { stack.push(line); stack.setField("line") }
        if let column = l.column { stack.push(column); stack.setField("column") }
        if let offset = l.offset { stack.push(offset); stack.setField("offset") }
    }

    /// As `LuaBuilder.candidate`.
    func candidate(_ c: Candidate) {
        stack.newTable(fieldCount: 12)
        stack.push(c.bundleID); stack.setField("bundle_id")
        if let name = c.appName { stack.push(name); stack.setField("name") }
        stack.push(c.rank.rawValue); stack.setField("rank")
        stack.push(c.role.rawValue); stack.setField("role")
        stack.push(c.match.rawValue); stack.setField("match")
        stack.push(c.distance); stack.setField("distance")
        location(c.claim); stack.setField("claim")
        stack.push(c.claimedType); stack.setField("claimed_type")
        strings(c.path); stack.setField("path")
        strings(c.reasons); stack.setField("reasons")
        stack.push(c.isUserDefault); stack.setField("user_default")
        stack.push(c.isPinned); stack.setField("pinned")
    }

    func candidates(_ list: [Candidate]) {
        stack.reserve(8)
        stack.newTable(arrayCount: list.count)
        for (i, c) in list.enumerated() {
            candidate(c)
            stack.setIndex(i + 1)
        }
    }

    /// As `LuaBuilder.query`.
    func query(_ q: Query, type: DocumentType, graph: TypeGraph) {
        stack.newTable(fieldCount: 9)
        stack.push(q.text); stack.setField("text")
        stack.push(q.target.kind); stack.setField("kind")
        stack.push(q.role.rawValue); stack.setField("role")
        stack.push(type.identifier); stack.setField("type")
        stack.push(type.isDynamic); stack.setField("dynamic")
        strings(type.ancestors.filter { $0.id != type.id }.map { graph.identifier($0.id) }); stack.setField("supertypes")
        if let from = q.from { stack.push(from); stack.setField("from") }
        if let tag = q.target.tag {
            stack.push(tag.tag); stack.setField("tag")
            stack.push(tag.tagClass); stack.setField("tag_class")
        }
    }
}
