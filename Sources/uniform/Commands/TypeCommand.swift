import ArgumentParser
import UniformCore
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
        let parsed = try TargetArgument.parse(target, graph: engine.world.graph)
        let sections = engine.typeSections(parsed, conformingTo: conformingTo, platform: nil)
        let same = RuleEngine.sameType
        switch format {
        case .text: Output.print(sections.text(same: same, render: \.text))
        case .json: Output.print(sections.json(same: same, json: \.json).rendered())
        }
    }
}
