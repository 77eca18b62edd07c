import UniformCore
import UniformLua

/// Runs one ranking policy on a resolution: the policy sees the query and the ordered
/// candidates and may reorder, drop (with a reason) or pin — never add.
struct PolicyStage: ResolutionStage {
    let engine: RuleEngine
    let policy: PolicyRule

    func apply(to resolution: inout Resolution, in world: World) throws {
        guard !resolution.handlers.isEmpty else { return }
        let state = engine.state
        // The list is built on the stack (see `LuaStackBuilder`); the wrapper returns it with its
        // methods, and one reference to it is kept to read back what the policy did.
        let handlers = resolution.handlers
        let wrapped = try state.call(engine.wrapCandidateList, results: 1, pushing: { stack in
            LuaStackBuilder(stack: stack).candidates(handlers)
            return 1
        }, reading: { $0.value(at: -1) })
        guard let list = wrapped.tableValue else { throw fail("could not wrap its candidate list") }
        let query = resolution.query, type = resolution.type, graph = world.graph
        let result = try state.call(policy.function, results: 1, pushing: { stack in
            LuaStackBuilder(stack: stack).query(query, type: type, graph: graph)
            stack.push(LuaValue.table(list))
            return 2
        }, reading: { $0.value(at: -1) })
        let returned = result.tableValue ?? list

        let before = resolution.handlers.map(\.bundleID)
        var order: [String] = []
        // The list carries the methods' records (`_pin`, `_drops`) beside its array part.
        for item in (0..<returned.count).map({ returned[$0 + 1] }) {
            switch item {
            case .string(let id): order.append(id)
            case .table(let t): if let id = t["bundle_id"].stringValue { order.append(id) } else { fallthrough }
            default: throw fail("returned a list whose members are not candidates (bundle id strings or candidate records)")
            }
        }
        guard Set(order).count == order.count else { throw fail("lists an app twice") }
        if let added = order.first(where: { !before.contains($0) }) {
            throw fail("added \(added), which is not a candidate: policies may reorder, drop or pin, never add")
        }
        var drops: [String: (String, SourceLocation)] = [:]
        for record in list["_drops"].tableValue?.arrayValues() ?? [] {
            guard let t = record.tableValue, let id = t["bundle_id"].stringValue ?? t["id"].stringValue else { continue }
            drops[id] = (t["reason"].stringValue ?? "dropped", location(t))
        }
        if let silent = before.first(where: { !order.contains($0) && drops[$0] == nil }) {
            throw fail("removed \(silent) without a reason; use candidates:drop(id, reason)")
        }

        var byID = Dictionary(uniqueKeysWithValues: resolution.handlers.map { ($0.bundleID, $0) })
        for (id, (reason, at)) in drops.sorted(by: { $0.key < $1.key }) where !order.contains(id) {
            guard let c = byID.removeValue(forKey: id) else { continue }
            let touch = RuleTouch(location: at, action: "dropped", reason: reason)
            resolution.excluded.append(Exclusion(c, reason: "dropped by policy '\(policy.name)' (\(at)): \(reason)", touches: c.touches + [touch]))
        }
        var pinned: String?
        if let pin = list["_pin"].tableValue, let id = pin["id"].stringValue, order.first == id {
            pinned = id
            let touch = RuleTouch(location: location(pin), action: "pinned", reason: pin["reason"].stringValue)
            for key in Array(byID.keys) { byID[key]?.isPinned = false }
            byID[id]?.isPinned = true
            byID[id]?.touches.append(touch)
            byID[id]?.reasons.append("pinned by policy '\(policy.name)' (\(touch.location))\(touch.reason.map { ": \($0)" } ?? "")")
        }
        let kept = before.filter { order.contains($0) }
        for (n, id) in order.enumerated() where id != pinned {
            if let old = kept.firstIndex(of: id), old != n {
                byID[id]?.touches.append(RuleTouch(location: policy.location, action: "moved from #\(old + 1) to #\(n + 1) by policy '\(policy.name)'"))
            }
        }
        resolution.handlers = order.compactMap { byID[$0] }
    }

    private func location(_ t: LuaTableRef) -> SourceLocation {
        if let file = t["file"].stringValue, let line = t["line"].intValue {
            return SourceLocation(file: file, line: Int(line))
        }
        return policy.location
    }

    private func fail(_ problem: String) -> RuleError {
        RuleError(message: "\(policy.location): policy '\(policy.name)' \(problem)")
    }
}
