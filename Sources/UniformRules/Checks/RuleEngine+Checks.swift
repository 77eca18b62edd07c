import UniformCore
import UniformLua
import UniformStandardRules

extension RuleEngine {
    /// Runs every registered check, adds the world's own findings (loader, graph), applies the
    /// configuration and sorts. A check that fails to run is itself an error finding: a broken
    /// rule never passes silently.
    public func runChecks(options: CheckOptions = CheckOptions()) -> [Finding] {
        let texts = FindingTextBudget()
        // Each platform is its own world: the checks run in each, and what both report (the
        // loader's findings, a rule about the catalog) is reported once.
        let platforms = platformsInPlay
        var findings: [Finding]
        if platforms.count > 1, activePlatform == nil {
            var seen = Set<Finding>()
            findings = []
            for platform in platforms {
                for finding in withPlatform(platform, { runChecksInOneWorld(options: options, texts: texts) })
                where seen.insert(finding).inserted {
                    findings.append(finding)
                }
            }
        } else {
            findings = runChecksInOneWorld(options: options, texts: texts)
        }
        // Its severity is the configured one of the most severe finding it stands for.
        if let note = texts.note { findings.append(note) }
        return findings.sorted(by: Finding.reportOrder)
    }

    private func runChecksInOneWorld(options: CheckOptions, texts: FindingTextBudget) -> [Finding] {
        var findings = Self.capPerRule(world.findings)
        sharesAppTablesDuringChecks = true
        defer {
            sharesAppTablesDuringChecks = false
            checkRunApps = nil
        }
        for check in checks where !options.disabled.contains(check.info.id) {
            findings.append(contentsOf: run(check, texts: texts, options: options))
        }
        let supersedes = RootCauses.supersedes(BuiltinRules.all + checkInfos.map(\.rule))
        return RootCauses.collapse(findings, supersedes: supersedes).compactMap(options.apply).sorted(
            by: Finding.reportOrder)
    }

    /// At most this many findings per check and run: a hostile manifest (or a rule in a loop)
    /// cannot bury the report or exhaust memory; the rest is counted in one note.
    public static let findingsPerCheck = 2_000
    /// Bytes of one message, subject or path a rule's finding keeps (the rest is cut, and the
    /// text says how much): the same as an error message (`CLS_MESSAGE_MAX`).
    public static let findingTextBytes = 16 << 10
    /// Bytes of text all findings of rules (and their errors) may hold in one run; past it the
    /// rest is counted in one closing note.
    public static let findingTextBytesPerRun = 4 << 20
    /// Related places one finding keeps.
    public static let relatedPerFinding = 100

    /// The loader's and the graph's findings under the same cap as a check's, per rule.
    public static func capPerRule(_ findings: [Finding]) -> [Finding] {
        var counts: [String: Int] = [:]
        var kept: [Finding] = []
        var firstDropped: [String: Finding] = [:]
        for finding in findings {
            counts[finding.rule, default: 0] += 1
            if counts[finding.rule]! <= findingsPerCheck {
                kept.append(finding)
            } else if firstDropped[finding.rule] == nil {
                firstDropped[finding.rule] = finding
            }
        }
        for (rule, first) in firstDropped.sorted(by: { $0.key < $1.key }) {
            let dropped = counts[rule]! - findingsPerCheck
            kept.append(
                Finding(
                    rule: rule, severity: .note,
                    message:
                        "\(dropped) more finding\(dropped == 1 ? "" : "s") of '\(rule)' not shown (at most \(findingsPerCheck) per rule and run)",
                    location: first.location, subject: rule))
        }
        return kept
    }

    private func run(_ check: CheckRule, texts: FindingTextBudget, options: CheckOptions) -> [Finding] {
        var (found, reported) = cappedFindings(of: check, texts: texts, options: options)
        if found.count > Self.findingsPerCheck {
            // `reported` counts every report call; errors of the check itself are in `found` too.
            let dropped = max(found.count, reported) - Self.findingsPerCheck
            found.removeLast(found.count - Self.findingsPerCheck)
            found.append(
                Finding(
                    rule: check.info.id, severity: .note,
                    message:
                        "\(dropped) more finding\(dropped == 1 ? "" : "s") of '\(check.info.id)' not shown (at most \(Self.findingsPerCheck) per check and run)",
                    location: check.info.location, subject: check.info.id))
        }
        return found
    }

    private func cappedFindings(
        of check: CheckRule, texts: FindingTextBudget, options: CheckOptions
    ) -> (findings: [Finding], reported: Int) {
        var found: [Finding] = []
        var reported = 0
        /// Keeps a finding while the run's text budget lasts; a cut one counts with its configured
        /// severity. (Only `rule-error` can be disabled here, a disabled check does not run; such a
        /// finding is dropped later, with the configuration, as before.)
        func keep(_ finding: Finding, bytes: Int) {
            guard let configured = options.apply(finding) else { return found.append(finding) }
            if texts.admit(bytes, severity: configured.severity, of: check.info) { found.append(finding) }
        }
        let report = state.makeFunction(name: "report") { ctx in
            // Past the cap only counted: memory stays bounded whatever the rule does.
            reported += 1
            guard found.count <= Self.findingsPerCheck else { return [] }
            let call = try ReportCall(ctx, check: check.info)
            keep(call.finding, bytes: call.textBytes)
            return []
        }
        func failed(_ message: String, at location: SourceLocation) {
            let finding = Finding(
                .ruleError, message: "check '\(check.info.id)' failed: \(message)",
                location: location, subject: check.info.id)
            keep(finding, bytes: finding.message.utf8.count + location.file.utf8.count)
        }
        do {
            _ = try state.call(check.function, [.function(report)])
        } catch let error as LuaError {
            // Its message is at most CLS_MESSAGE_MAX bytes: the Lua bridge cuts longer ones.
            failed(
                error.message,
                at: error.location.map { SourceLocation(file: $0.file, line: $0.line) } ?? check.info.location)
        } catch {
            failed("\(error)", at: check.info.location)
        }
        return (found, reported)
    }

    /// Loads the embedded standard rules.
    public func loadStandardRules() throws {
        for file in StandardRules.files {
            try load(source: file.source, chunkName: file.name)
        }
    }
}
