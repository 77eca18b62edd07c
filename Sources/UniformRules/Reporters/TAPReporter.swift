import UniformCore

/// TAP 13: one `not ok` line per finding with a YAML diagnostics block.
///
/// Notes, and warnings without `--strict`, carry a `# TODO` directive: TAP consumers then list
/// them without failing, which matches the exit code.
public struct TAPReporter: FindingReporter {
    public static let name = "tap"

    public init() {}

    public func report(_ run: CheckRun) -> String {
        var out = "TAP version 13\n"
        guard !run.findings.isEmpty else {
            return out + "1..1\nok 1 - no findings in \(plural(run.manifests.count, "manifest"))\n"
        }
        out += "1..\(run.findings.count)\n"
        for (index, finding) in run.findings.enumerated() {
            let place = finding.location.map { "\($0): " } ?? ""
            var line =
                "not ok \(index + 1) - \(TAPText.description(place + "[\(finding.rule)] " + finding.message))"
            // TODO lines are listed without failing: notes always, warnings unless --strict,
            // as the exit status does.
            if finding.severity == .note { line += " # TODO note" }
            if finding.severity == .warning && !run.strict { line += " # TODO warning (fails only with --strict)" }
            out += line + "\n"
            out += TAPText.diagnostics([
                ("rule", .string(finding.rule)),
                ("severity", .string(finding.severity.rawValue)),
                ("message", .string(finding.message)),
                ("file", .optional(finding.location?.file)),
                ("line", .optional(finding.location?.line)),
                ("column", .optional(finding.location?.column)),
                ("offset", .optional(finding.location?.offset)),
                ("subject", .optional(finding.subject)),
            ])
        }
        return ReportText.inert(out)
    }
}
