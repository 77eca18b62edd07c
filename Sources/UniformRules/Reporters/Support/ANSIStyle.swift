import UniformCore

/// ANSI colours for the text reporters. Only the caller decides whether to use them
/// (`TextReporter.shouldColor`), so reporters stay pure and testable.
enum ANSIStyle: String {
    case red = "\u{1B}[1;31m"
    case yellow = "\u{1B}[1;33m"
    case cyan = "\u{1B}[1;36m"
    case green = "\u{1B}[1;32m"
    case bold = "\u{1B}[1m"

    static let reset = "\u{1B}[0m"

    func apply(_ s: String, enabled: Bool) -> String { enabled ? rawValue + s + Self.reset : s }

    static func forSeverity(_ severity: Severity) -> ANSIStyle {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }
}
