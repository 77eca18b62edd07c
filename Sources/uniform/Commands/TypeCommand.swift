import ArgumentParser
import UniformRules

/// `uniform type TARGET`: what type a target is, what it conforms to, its tags.
struct TypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Show the type of a target: identifier, declaration, parents, supertypes and tags."
    )

    @Argument(help: "The document or type: .ext, a UTI, a MIME type or a file name.")
    var target: String

    @OptionGroup var world: WorldOptions

    @Option(help: ArgumentHelp("Only consider types conforming to this UTI.", valueName: "UTI"))
    var conformingTo: String?

    @Option(help: "Output format: text or json.")
    var format: QueryFormat = .text

    func run() throws {
        let session = try self.world.makeSession()
        let engine = session.engine
        let world = engine.world
        let parsed = Target.parse(target, graph: world.graph)
        if let hint = Target.readingHint(for: target, target: parsed, graph: world.graph) { Output.error("uniform: note: " + hint) }
        let type = TypeResolver(graph: world.graph).resolve(parsed, conformingTo: conformingTo)
        let report = TypeReport(type, graph: world.graph)
        switch format {
        case .text: Output.print(report.text)
        case .json: Output.print(report.json.rendered())
        }
    }
}
