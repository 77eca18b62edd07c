import UniformCore
import UniformLua

/// One call of a check's `report`, read into a finding with every text read from Lua cut to
/// `RuleEngine.findingTextBytes` (the same 16 MB string reported 2,000 times was copied whole each
/// time), at most `RuleEngine.relatedPerFinding` related places, and `at` tables followed only a
/// few `location` fields deep (one that holds itself recursed without end).
struct ReportCall {
    var finding: Finding
    /// The bytes of text the finding holds (rule id, message, subject, paths).
    var textBytes: Int

    static let fields: Set<String> = ["message", "at", "severity", "subject", "related"]

    init(_ ctx: LuaCallContext, check: CheckInfo) throws {
        let caller = ctx.callerLocation().map { SourceLocation(file: $0.file, line: $0.line) } ?? check.location
        let limit = RuleEngine.findingTextBytes
        if let message = ctx.text(1, maxBytes: limit) {
            finding = Finding(
                rule: check.id, severity: check.severity, message: message.shown,
                location: Self.location(try? ctx.table(2), fallback: caller))
        } else if let t = try? ctx.table(1) {
            let args = LuaArguments(function: "report", table: t)
            try args.allowOnly(Self.fields)
            let severity =
                try args.text("severity", maxBytes: 16).map { s -> Severity in
                    guard !s.isCut, let parsed = Severity(rawValue: s.text.lowercased()) else {
                        throw args.fail("'severity' must be error, warning or note")
                    }
                    return parsed
                } ?? check.severity
            guard let message = try args.text("message", maxBytes: limit), !message.text.isEmpty else {
                throw args.fail("'message' is required (a non-empty string)")
            }
            finding = Finding(
                rule: check.id, severity: severity, message: message.shown,
                location: Self.location(t.table("at"), fallback: caller),
                subject: try args.text("subject", maxBytes: limit)?.shown)
            // `related`: other places of the same cause, as locations or tables with one.
            if let list = t.table("related") {
                let n = list.count
                if n > 0, list.countEntries(upTo: n) == n {
                    for i in 1...min(n, RuleEngine.relatedPerFinding) {
                        let place = Self.location(list.table(i), fallback: caller)
                        if place != caller { finding.related.append(place) }
                    }
                }
            }
        } else {
            throw LuaArguments.Problem(
                description: "report expects { message = …, at = location } or (message, location)")
        }
        textBytes =
            finding.rule.utf8.count + finding.message.utf8.count + (finding.subject?.utf8.count ?? 0)
            + (finding.location?.file.utf8.count ?? 0) + finding.related.reduce(0) { $0 + $1.file.utf8.count }
    }

    /// `at` may be a location table, or any table with a `location` (apps, claims, declarations).
    static func location(_ table: LuaTableRef?, fallback: SourceLocation, depth: Int = 0) -> SourceLocation {
        guard let t = table, depth < 8 else { return fallback }
        if let nested = t.table("location") { return location(nested, fallback: fallback, depth: depth + 1) }
        guard let file = t.text("file", maxBytes: RuleEngine.findingTextBytes) else { return fallback }
        return SourceLocation(
            file: file.shown, line: t.integer("line").map { Int($0) }, column: t.integer("column").map { Int($0) },
            offset: t.integer("offset").map { Int($0) })
    }
}
