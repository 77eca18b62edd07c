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
        stack.push(l.file)
        stack.setField("file")
        if let line = l.line {
            stack.push(line)
            stack.setField("line")
        }
        if let column = l.column {
            stack.push(column)
            stack.setField("column")
        }
        if let offset = l.offset {
            stack.push(offset)
            stack.setField("offset")
        }
    }

    func push(_ value: RecordValue) {
        switch value {
        case .string(let s): stack.push(s)
        case .integer(let n): stack.push(n)
        case .boolean(let b): stack.push(b)
        case .location(let l): location(l)
        case .strings(let items): strings(items)
        }
    }

    /// Pushes one field of a candidate record; false (nothing pushed) for other keys and for a
    /// missing app name.
    func field(_ key: String, of c: Candidate) -> Bool {
        guard let value = CandidateField(rawValue: key)?.value(of: c) else { return false }
        push(value)
        return true
    }

    /// Pushes one field of a policy's query table; false (nothing pushed) for other keys and
    /// for fields the query does not have.
    func queryField(_ key: String, of q: Query, type: DocumentType, graph: TypeGraph) -> Bool {
        guard let value = QueryField(rawValue: key)?.value(of: q, type: type, graph: graph) else { return false }
        push(value)
        return true
    }

    /// The policy's arguments, the query and the list it starts from, both lazy: the query is
    /// an empty table and each candidate `{ bundle_id = … }`, in order, sharing one metatable
    /// that fetches their other fields from `candidates` on first read (see `Prelude`); the list
    /// has its methods. The ids come from `bundleIDs`, the world's array of them, so no string
    /// is made or hashed per record.
    func arguments(_ candidates: PolicyCandidates, bundleIDs: LuaTableRef, driver: PolicyDriver) {
        stack.reserve(12)
        stack.push(bundleIDs)
        let ids = stack.top
        stack.push("bundle_id" as StaticString)
        let key = stack.top
        stack.newTable(fieldCount: 4)
        let meta = stack.top
        stack.push(driver.index)
        stack.setField("__index")
        stack.push(driver.pairs)
        stack.setField("__pairs")
        stack.push(candidates, as: driver.source)
        stack.setField("source")
        stack.newTable()
        let query = stack.top
        stack.pushValue(at: query)
        stack.setField("query", table: meta)
        stack.pushValue(at: meta)
        stack.setMetatable(table: query)
        let count = candidates.handlers.count
        stack.newTable(arrayCount: count)
        let list = stack.top
        candidates.handlers.withUnsafeBufferPointer { handlers in
            for i in 0..<count {
                stack.newTable(fieldCount: 1)
                stack.pushValue(at: key)
                stack.getIndex(handlers[i].appIndex + 1, table: ids)
                stack.rawSet(table: -3)
                stack.pushValue(at: meta)
                stack.setMetatable(table: -2)
                stack.setIndex(i + 1, table: list)
            }
        }
        stack.push(driver.listMethods)
        stack.setMetatable(table: list)
        // [ids, key, meta, query, list] → [query, list]
        stack.replace(ids + 1)
        stack.replace(ids)
        stack.pop()
    }
}
