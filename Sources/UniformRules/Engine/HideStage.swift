import UniformCore
import UniformLua

/// Applies the visibility rules: a hidden app is removed from Open In, and the explanation
/// says which rule hid it.
struct HideStage: ResolutionStage {
    let engine: RuleEngine

    func apply(to resolution: inout Resolution, in world: World) throws {
        // Each platform is its own world: a hide rule never sees Mac and iOS apps in one list.
        if world.platform == .all, engine.platformsInPlay.count > 1, let rule = engine.hides.first {
            throw RuleError(
                message:
                    "\(rule.location): hide rule was asked about apps of both platforms at once; the question must name one"
            )
        }
        for rule in engine.hides {
            var kept: [Candidate] = []
            for candidate in resolution.handlers {
                if let reason = try hides(candidate, rule: rule, resolution: resolution, world: world) {
                    let touch = RuleTouch(location: rule.location, action: .hid, reason: reason)
                    resolution.excluded.append(
                        Exclusion(
                            candidate, reason: "hidden by the rule at \(rule.location): \(reason)",
                            touches: candidate.touches + [touch]))
                } else {
                    kept.append(candidate)
                }
            }
            resolution.handlers = kept
        }
    }

    private func hides(_ candidate: Candidate, rule: HideRule, resolution: Resolution, world: World) throws -> String? {
        switch rule.kind {
        case .restrict(let type, let only, let reason):
            let matchesType: Bool
            if let id = world.graph.id(of: type) {
                matchesType = resolution.type.distance(to: id) != nil
            } else {
                matchesType = resolution.type.identifier.caseInsensitiveCompare(type) == .orderedSame
            }
            // Patterns name apps as Launch Services does, ignoring case.
            guard matchesType, !only.contains(where: { BundleID.matches($0, candidate.bundleID) }) else { return nil }
            return reason ?? "\(type) is visible only to \(only.joined(separator: ", "))"
        case .function(let function):
            let builder = LuaBuilder(state: engine.state)
            let results = try engine.state.call(
                function,
                [
                    builder.query(resolution.query, type: resolution.type, graph: world.graph),
                    builder.candidate(candidate),
                ])
            guard results.first?.isTruthy == true else { return nil }
            return results.dropFirst().first?.stringValue ?? "hidden"
        }
    }
}
