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

    /// The fields of a candidate record, as `LuaBuilder.candidate` writes them.
    static let candidateFields = ["bundle_id", "name", "rank", "role", "match", "distance", "claim",
                                  "claimed_type", "path", "reasons", "user_default", "pinned"]

    /// Pushes one field of a candidate record; false (nothing pushed) for other keys and for a
    /// missing app name.
    func field(_ key: String, of c: Candidate) -> Bool {
        switch key {
        case "bundle_id": stack.push(c.bundleID)
        case "name": guard let name = c.appName else { return false }; stack.push(name)
        case "rank": stack.push(c.rank.rawValue)
        case "role": stack.push(c.role.rawValue)
        case "match": stack.push(c.match.rawValue)
        case "distance": stack.push(c.distance)
        case "claim": location(c.claim)
        case "claimed_type": stack.push(c.claimedType)
        case "path": strings(c.path)
        case "reasons": strings(c.reasons)
        case "user_default": stack.push(c.isUserDefault)
        case "pinned": stack.push(c.isPinned)
        default: return false
        }
        return true
    }

    /// The list a policy starts from: `{ bundle_id = … }` per candidate, in order, each with a
    /// metatable that fetches its other fields from `candidates` (see `Prelude`), the list
    /// with its methods. The ids come from `bundleIDs`, the world's array of them.
    func candidateList(_ candidates: PolicyCandidates, bundleIDs: LuaTableRef, driver: PolicyDriver) {
        stack.reserve(10)
        stack.push(bundleIDs)
        stack.newTable(fieldCount: 3)
        stack.push(driver.index); stack.setField("__index")
        stack.push(driver.pairs); stack.setField("__pairs")
        stack.push(candidates, as: driver.source); stack.setField("source")
        stack.newTable(arrayCount: candidates.handlers.count)
        for (i, c) in candidates.handlers.enumerated() {
            stack.newTable(fieldCount: 1)
            stack.getIndex(c.appIndex + 1, table: -4)
            stack.setField("bundle_id")
            stack.pushValue(at: -3)
            stack.setMetatable(table: -2)
            stack.setIndex(i + 1)
        }
        stack.push(driver.listMethods)
        stack.setMetatable(table: -2)
        // [ids, meta, list] → [list]
        stack.replace(-3)
        stack.pop()
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
