import UniformCore
import UniformLua
import UniformStandardRules

extension RuleEngine {
    /// Runs every registered check, adds the world's own findings (loader, graph), applies the
    /// configuration and sorts. A check that fails to run is itself an error finding: a broken
    /// rule never passes silently.
    public func runChecks(options: CheckOptions = CheckOptions()) -> [Finding] {
        // Each platform is its own world: the checks run in each, and what both report (the
        // loader's findings, a rule about the catalog) is reported once.
        let platforms = platformsInPlay
        guard platforms.count > 1, activePlatform == nil else { return runChecksInOneWorld(options: options) }
        var seen = Set<Finding>(), findings: [Finding] = []
        for platform in platforms {
            for finding in withPlatform(platform, { runChecksInOneWorld(options: options) })
            where seen.insert(finding).inserted {
                findings.append(finding)
            }
        }
        return findings.sorted(by: Finding.reportOrder)
    }

    private func runChecksInOneWorld(options: CheckOptions) -> [Finding] {
        var findings = Self.capPerRule(world.findings)
        sharesAppTablesDuringChecks = true
        defer {
            sharesAppTablesDuringChecks = false
            checkRunApps = nil
        }
        for check in checks where !options.disabled.contains(check.info.id) {
            findings.append(contentsOf: run(check))
        }
        return RootCauses.collapse(findings).compactMap(options.apply).sorted(by: Finding.reportOrder)
    }

    /// At most this many findings per check and run: a hostile manifest (or a rule in a loop)
    /// cannot bury the report or exhaust memory; the rest is counted in one note.
    public static let findingsPerCheck = 2_000

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

    private func run(_ check: CheckRule) -> [Finding] {
        var (found, reported) = cappedFindings(of: check)
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

    private func cappedFindings(of check: CheckRule) -> (findings: [Finding], reported: Int) {
        var found: [Finding] = []
        var reported = 0
        let report = state.makeFunction(name: "report") { ctx in
            // Past the cap only counted: memory stays bounded whatever the rule does.
            reported += 1
            guard found.count <= Self.findingsPerCheck else { return [] }
            let caller =
                ctx.callerLocation().map { SourceLocation(file: $0.file, line: $0.line) } ?? check.info.location
            switch ctx[1] {
            case .string(let message):
                found.append(
                    Finding(
                        rule: check.info.id, severity: check.info.severity, message: message,
                        location: try Self.location(ctx[2], fallback: caller)))
            case .table(let t):
                let args = LuaArguments(function: "report", table: t)
                try args.allowOnly(["message", "at", "severity", "subject", "related"])
                let severity =
                    try args.string("severity").map { s -> Severity in
                        guard let parsed = Severity(rawValue: s.lowercased()) else {
                            throw args.fail("'severity' must be error, warning or note")
                        }
                        return parsed
                    } ?? check.info.severity
                var finding = Finding(
                    rule: check.info.id, severity: severity, message: try args.requiredString("message"),
                    location: try Self.location(t["at"], fallback: caller), subject: try args.string("subject"))
                // `related`: other places of the same cause, as locations or tables with one.
                if case .table(let list) = t["related"] {
                    for value in list.arrayValues() ?? [] {
                        let place = try Self.location(value, fallback: caller)
                        if place != caller { finding.related.append(place) }
                    }
                }
                found.append(finding)
            default:
                throw LuaArguments.Problem(
                    description: "report expects { message = …, at = location } or (message, location)")
            }
            return []
        }
        do {
            _ = try state.call(check.function, [.function(report)])
        } catch let error as LuaError {
            found.append(
                Finding(
                    rule: "rule-error", severity: .error,
                    message: "check '\(check.info.id)' failed: \(error.message)",
                    location: error.location.map { SourceLocation(file: $0.file, line: $0.line) }
                        ?? check.info.location,
                    subject: check.info.id))
        } catch {
            found.append(
                Finding(
                    rule: "rule-error", severity: .error, message: "check '\(check.info.id)' failed: \(error)",
                    location: check.info.location, subject: check.info.id))
        }
        return (found, reported)
    }

    /// `at` may be a location table, or any table with a `location` (apps, claims, declarations).
    static func location(_ value: LuaValue, fallback: SourceLocation) throws -> SourceLocation {
        guard case .table(let t) = value else { return fallback }
        if case .table(let nested) = t["location"] { return try location(.table(nested), fallback: fallback) }
        guard let file = t["file"].stringValue else { return fallback }
        return SourceLocation(
            file: file, line: t["line"].intValue.map { Int($0) }, column: t["column"].intValue.map { Int($0) },
            offset: t["offset"].intValue.map { Int($0) })
    }

    /// Loads the embedded standard rules.
    public func loadStandardRules() throws {
        for file in StandardRules.files {
            try load(source: file.source, chunkName: file.name)
        }
    }
}
