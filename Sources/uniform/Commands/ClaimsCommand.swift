import ArgumentParser
import UniformCore
import UniformRules

/// `uniform claims TAG-OR-TYPE`: every type claiming an extension or MIME type — the "who else
/// claims `.pdb`?" question that resolving `.pdb` (one type) cannot answer.
struct ClaimsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claims",
        abstract:
            "List every declared type claiming an extension or MIME type, which one wins the lookup and why, and the apps behind each.",
        discussion: """
            TAG-OR-TYPE is an extension (.pdb), a MIME type (chemical/x-pdb), ext:/mime: forms, or a declared \
            type identifier, whose own extensions and MIME types are then mapped one by one.
            """
    )

    @Argument(help: ArgumentHelp("An extension (.pdb), a MIME type, or a type identifier.", valueName: "TAG-OR-TYPE"))
    var target: String

    @OptionGroup var world: WorldOptions

    @Option(help: "Output format: text or json.")
    var format: QueryFormat = .text

    func run() throws {
        let engine = try world.makeSession().engine
        let graph = engine.world.graph
        let tags: [(tagClass: String, tag: String)]
        if let tag = ClaimTag.parse(target) {
            tags = [tag]
        } else if graph.id(of: target).map(graph.isDeclared) == true {
            tags = ClaimTag.tags(ofType: target, graph: graph)
            if tags.isEmpty { throw CommandFailure.input("\(target) has no extension or MIME type to map") }
        } else {
            throw CommandFailure.input(
                "\(target): not an extension (.pdb), a MIME type (chemical/x-pdb) or a declared type identifier")
        }
        // Each platform is its own world: one map per platform in play, printed once where they agree.
        let sections = engine.claimSections(tags)
        let text: ([ClaimMapReport]) -> String = { $0.map(\.text).joined(separator: "\n\n") }
        let same: ([ClaimMapReport], [ClaimMapReport]) -> Bool = { text($0) == text($1) }
        switch format {
        case .text: Output.print(sections.text(same: same, render: text))
        case .json:
            let single = tags.count == 1 && ClaimTag.parse(target) != nil
            Output.print(
                sections.json(
                    same: same,
                    json: { reports in
                        (single ? reports[0].json : .array(reports.map(\.json))).document(listKey: "claims")
                    }
                ).rendered())
        }
    }
}
