extension Finding {
    /// About a project or settings file (`xcode.*`, `xcconfig.*`): what a command that does not
    /// report findings itself still says on standard error, once the configuration has had its
    /// say about them.
    public var isAboutProjectFiles: Bool { RuleDescription.projectFileRules.contains(rule) }

    /// `file:line: warning: message`, as standard error and `--verbose` show it.
    public var loadLine: String {
        "\(location.map { "\($0): " } ?? "")\(severity.rawValue): \(message)"
    }
}
