import UniformCore

/// How many findings of each severity a run produced: the summary every format prints.
public struct SeverityCounts: Hashable, Sendable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0

    public init(errors: Int = 0, warnings: Int = 0, notes: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
    }

    public init(_ findings: [Finding]) {
        for finding in findings {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
    }

    public var total: Int { errors + warnings + notes }
}
