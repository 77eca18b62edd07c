import UniformRules

extension Session {
    /// Every check's findings with the configuration applied and suppressions (configured and
    /// inline `uniform:ignore` comments) taken out — plus the findings about the suppressions.
    public func checkedFindings() -> [Finding] {
        let options = config.checkOptions
        let checked = engine.runChecks(options: options)
        let inline = InlineSuppressions.read(engine.world.apps)
        let problems = inline.problems.compactMap(options.apply)
        return SuppressionFilter.apply(checked, suppressions: config.suppressions + inline.suppressions, problems: problems)
            .findings.compactMap(options.apply)
    }
}
