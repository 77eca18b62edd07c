/// How serious a finding is. `error` fails `uniform check`; `warning` fails it with `--strict`.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note
    case warning
    case error

    private var order: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.order < b.order }
}
