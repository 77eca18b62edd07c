import UniformCore

extension Session {
    /// Every check's findings with the configuration applied and suppressions taken out —
    /// what `uniform check` reports.
    public func checkedFindings() -> [Finding] {
        engine.checkedFindings(
            options: config.checkOptions, suppressions: config.suppressions,
            configuration: config.file.map { Configuration.displayPath($0) })
    }
}
