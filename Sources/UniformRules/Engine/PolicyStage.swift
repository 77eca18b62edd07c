import UniformCore
import UniformLua

/// Runs one ranking policy on a resolution: the policy sees the query and the ordered
/// candidates and may reorder, drop (with a reason) or pin — never add.
struct PolicyStage: ResolutionStage {
    let engine: RuleEngine
    let policy: PolicyRule

    func apply(to resolution: inout Resolution, in world: World) throws {
        guard !resolution.handlers.isEmpty else { return }
        // Each platform is its own world: a policy never ranks a Mac app against iOS apps.
        if world.platform == .all, engine.platformsInPlay.count > 1 {
            throw fail("was asked to rank apps of both platforms at once; the question must name one")
        }
        let handlers = resolution.handlers
        let candidates = PolicyCandidates(handlers, query: resolution.query, type: resolution.type, graph: world.graph)
        let bundleIDs = engine.bundleIDs(of: world)
        // The query and the records are lazy and the list has its methods (see `Prelude`); the
        // driver calls the policy, and the list and what the policy returned are read on the stack.
        let driver = engine.policyDriver!
        let outcome = try engine.state.call(
            driver.run, naming: policy.function, results: 2,
            pushing: { stack in
                stack.push(policy.function)
                LuaStackBuilder(stack: stack).arguments(candidates, bundleIDs: bundleIDs, driver: driver)
                return 3
            },
            reading: { stack -> Outcome? in
                // Nothing, the list, or a table of ids: anything else was a mistake once ignored.
                guard stack.isNil(at: stack.top) || stack.isTable(at: stack.top) else {
                    throw fail(
                        "returned a \(stack.typeName(at: stack.top)); a policy returns nothing, the candidate list, or a table of bundle ids"
                    )
                }
                return try read(stack, candidates, bundleIDs: bundleIDs)
            })
        guard let outcome else { return }
        resolution.handlers = try reorder(
            handlers, as: outcome, candidates: candidates, excluding: &resolution.excluded)
    }

    /// The handlers in the policy's order, with drops moved to the exclusions and every move
    /// and pin recorded; positions, not bundle ids, so that a long list costs no quadratic
    /// string comparisons.
    private func reorder(
        _ handlers: [Candidate], as outcome: Outcome, candidates: PolicyCandidates,
        excluding excluded: inout [Exclusion]
    ) throws -> [Candidate] {
        let listed = outcome.listed
        var drops: [Int: (String, SourceLocation)] = [:]
        for record in outcome.drops?.arrayValues() ?? [] {
            guard let t = record.tableValue, let id = t["bundle_id"].stringValue ?? t["id"].stringValue,
                let position = candidates.position(of: id)
            else { continue }
            drops[position] = (t["reason"].stringValue ?? "dropped", location(t))
        }
        if let silent = handlers.indices.first(where: { !listed[$0] && drops[$0] == nil }) {
            throw fail("removed \(handlers[silent].bundleID) without a reason; use candidates:drop(id, reason)")
        }

        var result = handlers
        for (position, (reason, at)) in drops.sorted(by: { handlers[$0.key].bundleID < handlers[$1.key].bundleID })
        where !listed[position] {
            let c = handlers[position]
            let touch = RuleTouch(location: at, action: .dropped, reason: reason)
            excluded.append(
                Exclusion(
                    c, reason: "dropped by policy '\(policy.name)' (\(at)): \(reason)", touches: c.touches + [touch]))
        }
        var pinned: Int?
        if let pin = outcome.pin, let id = pin["id"].stringValue, let first = outcome.order.first,
            handlers[first].bundleID == id
        {
            pinned = first
            let touch = RuleTouch(location: location(pin), action: .pinned, reason: pin["reason"].stringValue)
            for i in result.indices { result[i].isPinned = false }
            result[first].isPinned = true
            result[first].touches.append(touch)
            result[first].reasons.append(
                "pinned by policy '\(policy.name)' (\(touch.location))\(touch.reason.map { ": \($0)" } ?? "")")
        }
        // Where each kept app stood among the kept apps before the policy ran.
        var before = [Int](repeating: -1, count: handlers.count)
        var kept = 0
        for position in handlers.indices where listed[position] {
            before[position] = kept
            kept += 1
        }
        for (n, position) in outcome.order.enumerated() where position != pinned && before[position] != n {
            result[position].touches.append(
                RuleTouch(
                    location: policy.location,
                    action: .moved(from: before[position] + 1, to: n + 1, policy: policy.name)))
        }
        return outcome.order.map { result[$0] }
    }

    /// What a policy did: the order it left (positions in the list it was given) and the
    /// records its `drop` and `pin` calls kept beside the array part.
    private struct Outcome {
        var order: [Int]
        /// Per position in the list given: whether the policy's list still has it.
        var listed: [Bool]
        var drops: LuaTableRef?
        var pin: LuaTableRef?
    }

    /// Reads the list (at -2) or the list the policy returned (at -1, if a table) in one pass.
    /// A member that is the record given at its place (or that record's bundle id) is recognised
    /// by comparing its Lua string with the world's id for that app — interned, so compared by
    /// address, and no Swift string is made; any other member is looked up by its id. nil: the
    /// policy left the list as it was given, nothing dropped or pinned, which most calls do.
    private func read(_ stack: LuaStack, _ candidates: PolicyCandidates, bundleIDs: LuaTableRef) throws -> Outcome? {
        let list = stack.top - 1
        let returned = stack.isTable(at: stack.top) ? stack.top : list
        let count = stack.rawLength(at: returned)
        let handlers = candidates.handlers
        // Filled only once a member is not the one given at its place (then from that place on).
        var order: [Int] = []
        var listed: [Bool] = []
        var inPlace = 0
        var twice = false, added: String?
        stack.reserve(8)
        let base = stack.top
        defer { stack.setTop(base) }
        stack.push(bundleIDs)
        let ids = stack.top
        stack.push("bundle_id" as StaticString)
        let key = stack.top
        for i in 0..<count {
            defer { stack.setTop(key) }
            stack.getIndex(i + 1, table: returned)
            if stack.isTable(at: -1) { stack.rawField(keyAt: key, table: -1) }
            guard stack.isString(at: -1) else {
                throw fail("returned a list whose members are not candidates (bundle id strings or candidate records)")
            }
            if order.isEmpty && inPlace == i && i < handlers.count {
                stack.getIndex(handlers[i].appIndex + 1, table: ids)
                let same = stack.rawEqual(-1, -2)
                stack.pop()
                if same {
                    inPlace += 1
                    continue
                }
            }
            if listed.isEmpty {
                listed = [Bool](repeating: false, count: handlers.count)
                order.reserveCapacity(count)
                for position in 0..<inPlace {
                    listed[position] = true
                    order.append(position)
                }
            }
            guard let position = stack.string(at: -1).flatMap(candidates.position(of:)) else {
                if added == nil { added = stack.string(at: -1) }
                continue
            }
            if listed[position] { twice = true }
            listed[position] = true
            order.append(position)
        }
        if twice { throw fail("lists an app twice") }
        if let added {
            throw fail("added \(added), which is not a candidate: policies may reorder, drop or pin, never add")
        }
        stack.rawField("_drops", table: list)
        let drops = stack.isTable(at: -1) ? stack.value(at: -1).tableValue : nil
        stack.pop()
        stack.rawField("_pin", table: list)
        let pin = stack.isTable(at: -1) ? stack.value(at: -1).tableValue : nil
        stack.pop()
        if listed.isEmpty {
            // Every member was the one given at its place: unchanged unless some were left out.
            if inPlace == handlers.count && drops == nil && pin == nil { return nil }
            listed = (0..<handlers.count).map { $0 < inPlace }
            order = Array(0..<inPlace)
        }
        return Outcome(order: order, listed: listed, drops: drops, pin: pin)
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
