import ArgumentParser
import UniformCore
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
        let parsed = try TargetArgument.parse(a, graph: world.graph)
        // One verdict per platform in play; it conforms only where every one says so.
        let platforms = engine.answeredPlatforms(nil)
        var lines: [String] = [], allConform = true, verdicts = Set<String>()
        for platform in platforms {
            let graph = engine.world(for: platform).graph
            let resolver = TypeResolver(graph: graph)
            let superType = resolver.type(forIdentifier: b.hasPrefix("uti:") ? String(b.dropFirst(4)) : b)
            let type = resolver.resolve(parsed, platform: platform)
            let conforms =
                superType.id.map { type.distance(to: $0) != nil }
                ?? (type.identifier.caseInsensitiveCompare(superType.identifier) == .orderedSame)
            allConform = allConform && conforms
            let line =
                conforms
                ? "yes: "
                    + (superType.id.map { type.path(to: $0, in: graph) } ?? [type.identifier]).joined(separator: " → ")
                : "no: \(type.identifier) does not conform to \(superType.identifier)"
            verdicts.insert(ReportText.line(line))
            lines.append("on \(PlatformScope.name(platform)): " + ReportText.line(line))
        }
        Output.print(verdicts.count == 1 ? verdicts.first! : lines.joined(separator: "\n"))
        if !allConform { throw CommandFailure.no() }
    }
}
