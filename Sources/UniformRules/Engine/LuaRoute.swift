import UniformCore
import UniformLua
import UniformPlist

/// An annotation routing rule backed by a Lua function.
struct LuaRoute: AnnotationRoute {
    let engine: RuleEngine
    let rule: RouteRule

    var location: SourceLocation { rule.location }

    func route(
        _ annotation: PlistNode?, from: String, to: String, document: DocumentType, file: String
    ) throws -> RouteDecision {
        let state = engine.state
        let builder = LuaBuilder(state: state)
        let graph = engine.world.graph
        let documentTable = builder.record(
            .document,
            [
                // The hand-off runs on one platform's world; a route may treat them apart.
                "platform": engine.world.platform.only.map { .string($0.rawValue) } ?? .nil,
                "file": .string(file),
                "type": .string(document.identifier),
                "supertypes": builder.strings(
                    document.ancestors.filter { $0.id != document.id }.map { graph.identifier($0.id) }),
            ])
        let input = annotation.map { PlistLuaConversion.toLua($0, state: state) } ?? .nil
        let results = try state.call(rule.function, [input, .string(from), .string(to), documentTable])
        switch results.first ?? .nil {
        case .nil:
            return .deliver(annotation)
        case .boolean(false):
            return .refuse(reason: results.dropFirst().first?.stringValue ?? "refused")
        case .boolean(true):
            return .deliver(annotation)
        case let value:
            do {
                return .deliver(try PlistLuaConversion.fromLua(value))
            } catch let error as PlistLuaConversion.ConversionError {
                throw RuleError(
                    message: "\(rule.location): routing rule returned an invalid annotation: \(error.description)")
            }
        }
    }
}
