import UniformCore

extension Session {
    /// Every check's findings with the configuration applied and suppressions taken out —
    /// what `uniform check` reports.
    public func checkedFindings() -> [Finding] {
        engine.checkedFindings(
            options: config.checkOptions, suppressions: config.suppressions,
            configuration: config.file.map { Configuration.displayPath($0) })
    }

    /// The loader's findings about project and settings files (`xcode.*`, `xcconfig.*`) as the
    /// configuration leaves them: what a command that does not report findings itself says on
    /// standard error (warnings) and with `--verbose` (notes). A rule `disable` turns off, or a
    /// suppression covers, is not printed by any command.
    public func projectFindings() -> [Finding] {
        let candidates = engine.inputs.findings.filter(\.isAboutProjectFiles)
        guard !candidates.isEmpty else { return [] }
        return engine.configured(candidates, options: config.checkOptions, suppressions: config.suppressions)
    }
}
