/// Why a `--format` argument was refused; the message lists the valid names so the user can
/// fix the typo without opening the help.
public enum ReporterSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownFormat(String, valid: [String])
    case missingPath(String)

    public var description: String {
        switch self {
        case let .unknownFormat(name, valid):
            "unknown format '\(name)'; valid formats: \(valid.joined(separator: ", "))"
        case let .missingPath(name):
            "missing file after '\(name):'; write '--format \(name)' for standard output or '--format \(name):FILE'"
        }
    }
}
