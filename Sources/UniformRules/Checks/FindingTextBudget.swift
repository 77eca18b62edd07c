import UniformCore

/// The text the findings of one run may hold. A check that reported one 16 MB string 2,000
/// times made the host copy it each time (5.7 GB when the process was stopped). Each message,
/// subject and path is read from Lua cut to `RuleEngine.findingTextBytes` (never copied whole)
/// and counted; once the run's findings hold `RuleEngine.findingTextBytesPerRun`, further ones
/// are counted, not kept, and one closing note says how many (with the most severe severity
/// among them, so the run still fails when an error was cut).
final class FindingTextBudget {
    private(set) var spent = 0
    private var cut = 0
    private var cutSeverity = Severity.note
    private var firstCut: CheckInfo?

    var isSpent: Bool { spent >= RuleEngine.findingTextBytesPerRun }

    /// Takes `bytes` for a finding of `check`; false, with the finding counted as cut, when they
    /// do not fit (nothing more is kept once the budget is spent).
    func admit(_ bytes: Int, severity: Severity, of check: CheckInfo) -> Bool {
        if !isSpent, spent + bytes <= RuleEngine.findingTextBytesPerRun {
            spent += bytes
            return true
        }
        spent = RuleEngine.findingTextBytesPerRun
        cut += 1
        cutSeverity = max(cutSeverity, severity)
        if firstCut == nil { firstCut = check }
        return false
    }

    /// The closing note when findings were cut, at the check whose findings were cut first.
    var note: Finding? {
        guard let check = firstCut else { return nil }
        let limit = RuleEngine.findingTextBytesPerRun >> 20
        return Finding(
            rule: check.id, severity: cutSeverity,
            message:
                "\(cut) more finding\(cut == 1 ? "" : "s") not kept (the first of them this check's): the findings of rules hold at most \(limit) MiB of text per run",
            location: check.location, subject: check.id)
    }
}
