import ArgumentParser
import UniformCore
import UniformRules

/// `uniform resolve TARGET`: which apps open it, in what order, which is the default, and why.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "List the apps that can open a document, best first, with the default and the reasons.",
        discussion: """
            TARGET is an extension (.pdb), a UTI (com.adobe.pdf, dyn.…), a MIME type (chemical/x-pdb) or a file \
            name (report.pdb). Prefixes uti:, mime:, ext: and file: force a reading.
            """
    )

    @Argument(help: "The document: .ext, a UTI, a MIME type or a file name.")
    var target: String

    @OptionGroup var world: WorldOptions

    @Option(help: "The role asked for: viewer, editor, shell or all.")
    var role: RoleQuery = .all

    @Option(help: ArgumentHelp("The app asking (the sender).", valueName: "ID"))
    var from: String?

    @Option(
        help: ArgumentHelp(
            "Only consider types conforming to this UTI (a hard filter on the tag lookup).", valueName: "UTI"))
    var conformingTo: String?

    @Flag(
        name: .customLong("no-policies"),
        help:
            "Answer without the rules' policies and hide rules: what Launch Services alone would do (declarations and defaults still apply)."
    )
    var noPolicies = false

    @Flag(help: "Show claim locations, conformance paths and every reason.")
    var explain = false

    @Option(help: "Output format: text or json.")
    var format: QueryFormat = .text

    func run() throws {
        let session = try self.world.makeSession()
        let engine = session.engine
        let parsed = try TargetArgument.parse(target, graph: engine.world.graph)
        let query = Query(target: parsed, role: role, conformingTo: conformingTo, from: from, text: target)
        let sections: PlatformSections<ResolutionReport>
        do {
            sections = try engine.resolutionSections(query, platform: nil, policies: !noPolicies)
        } catch let error as RuleError {
            throw CommandFailure.input(lines: error.description)
        }
        switch format {
        case .text:
            Output.print(sections.text(same: ResolutionReport.sameAnswer, render: { $0.text(explain: explain) }))
        case .json: Output.print(sections.json(same: ResolutionReport.sameAnswer, json: \.json).rendered())
        }
    }
}
