import ArgumentParser
import UniformRules

/// `uniform conforms A B`: exit 0 when A conforms to B, 1 when not.
struct ConformsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conforms",
        abstract: "Exit 0 if A conforms to B, 1 if not (A may be any target; B is a UTI)."
    )

    @Argument(help: "The type or document.") var a: String
    @Argument(help: "The supertype (a UTI).") var b: String
    @OptionGroup var world: WorldOptions

    func run() throws {
        let session = try self.world.makeSession()
        let engine = session.engine
        let world = engine.world
        let resolver = TypeResolver(graph: world.graph)
        let type = resolver.resolve(Target.parse(a, graph: world.graph))
        let superType = resolver.type(forIdentifier: b.hasPrefix("uti:") ? String(b.dropFirst(4)) : b)
        let conforms: Bool
        if let target = superType.id {
            conforms = type.distance(to: target) != nil
        } else {
            conforms = type.identifier.caseInsensitiveCompare(superType.identifier) == .orderedSame
        }
        if conforms {
            let path = superType.id.map { type.path(to: $0, in: world.graph) } ?? [type.identifier]
            Output.print("yes: " + path.joined(separator: " → "))
        } else {
            Output.print("no: \(type.identifier) does not conform to \(superType.identifier)")
            throw CommandFailure.no()
        }
    }
}
