import ArgumentParser
import UniformCore
import UniformRules

/// `uniform rules [ID]`: what can fire, how loudly, and where it is written — the ids that
/// `.uniform.lua`'s `disable`, `severity` and `suppress` and inline `uniform:ignore` expect.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract:
            "List every rule (built-in, standard and loaded) with its severity, description and where it is defined; with an ID, its documentation."
    )

    @Argument(
        help: "A rule id: show its documentation and example.",
        completion: .custom { _, _, prefix in RulesCommand.knownIDs(prefix) })
    var id: String?

    /// Every rule id a finding can carry without a configuration: the built-in rules and the
    /// standard ones (for shell completion).
    static func knownIDs(_ prefix: String) -> [String] {
        let engine = RuleEngine(inputs: WorldInputs(), output: { _ in })
        try? engine.loadStandardRules()
        return RuleCatalog(engine: engine, options: CheckOptions()).rules.map(\.id).filter { $0.hasPrefix(prefix) }
    }

    @OptionGroup var world: WorldOptions

    /// `markdown` is the page docs/rules.md holds.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Option(help: "Output format: text, json or markdown (the page docs/rules.md holds).")
    var format: Format = .text

    func run() throws {
        // No world: a rule's id and severity do not depend on the manifests, and a broken project
        // in the tree must not stop the list.
        let session = try world.makeRulesSession(output: { Output.error($0) })
        let catalog = RuleCatalog(engine: session.engine, options: session.config.checkOptions)
        if let id {
            guard let rule = catalog.rules.first(where: { $0.id == id }) else {
                let hint = catalog.rules.map(\.id).min { EditDistance.between(id, $0) < EditDistance.between(id, $1) }
                    .flatMap { EditDistance.between(id, $0) <= 3 ? $0 : nil }
                throw CommandFailure.input(
                    "no rule '\(id)'\(hint.map { "; did you mean '\($0)'?" } ?? ""); `uniform rules` lists them")
            }
            switch format {
            case .text: Output.print(catalog.documentation(rule))
            case .json: Output.print(RuleCatalog.json(rule).document(listKey: "rule").rendered())
            case .markdown: Output.print(RuleCatalog(rules: [rule]).markdown)
            }
            return
        }
        switch format {
        case .text: Output.print(catalog.table)
        case .json:
            Output.print(JSONValue.array(catalog.rules.map(RuleCatalog.json)).document(listKey: "rules").rendered())
        case .markdown: Output.print(catalog.markdown)
        }
    }
}
