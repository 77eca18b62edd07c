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

    @Flag(
        help:
            "Run the examples of ID, or of your own checks, through uniform check, each in a folder of its own; exit 1 when one does not do what it says."
    )
    var runExamples = false

    func run() throws {
        // No world: a rule's id and severity do not depend on the manifests, and a broken project
        // in the tree must not stop the list.
        let session = try world.makeRulesSession(output: { Output.error($0) })
        let catalog = RuleCatalog(engine: session.engine, options: session.config.checkOptions)
        if runExamples { return try Self.runExamples(of: try selected(catalog)) }
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

    /// ID's rule, or the checks of the configuration's and `-r`'s rule files.
    func selected(_ catalog: RuleCatalog) throws -> [RuleInfo] {
        if let id {
            guard let rule = catalog.rules.first(where: { $0.id == id }) else {
                throw CommandFailure.input("no rule '\(id)'; `uniform rules` lists them")
            }
            return [rule]
        }
        return RuleExampleRun.teamChecks(catalog.rules)
    }

    /// One line per example, then the count; never a green run over nothing.
    static func runExamples(of rules: [RuleInfo]) throws {
        let outcomes = RuleExampleRun.run(rules, check: SelfCheck.reportedRules)
        guard !outcomes.isEmpty else {
            throw CommandFailure.input(
                "no examples to run: \(rules.isEmpty ? "no rule file of yours defines a check" : "give the check examples = { triggering = {…}, non_triggering = {…} }")"
            )
        }
        for outcome in outcomes {
            let verdict = outcome.failure.map { "FAIL  \($0)" } ?? "ok"
            Output.print(ReportText.line("\(outcome.rule) \(outcome.name): \(verdict)"))
        }
        let failed = outcomes.filter { $0.failure != nil }.count
        Output.print("\(outcomes.count - failed) of \(outcomes.count) examples do what they say")
        if failed > 0 { throw CommandFailure.no() }
    }
}
