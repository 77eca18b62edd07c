import UniformCore

extension RuleEngine {
    /// Every check's findings as a run reports them: the configuration's disabled rules and
    /// severities applied, suppressions (configured and inline `uniform:ignore` comments) taken
    /// out, plus the findings about the suppressions themselves. `uniform check` and the
    /// findings a policy test sees (`assert.reports`, `fixture.findings`) are this one list.
    /// Findings about context apps (`Manifest.isContext`) are not in it.
    public func checkedFindings(
        options: CheckOptions, suppressions: [Suppression], configuration: String? = nil
    ) -> [Finding] {
        // Context apps are the device's: nothing about them alone is the team's to fix (and a
        // suppression for them now matches nothing, which says it can go).
        let checked = ContextFindings.removing(runChecks(options: options), apps: inputs.manifests)
        let inline =
            options.inlineSuppressions
            ? InlineSuppressions.read(world.apps) : (suppressions: [Suppression](), problems: [Finding]())
        let known = Set(BuiltinRules.all.map(\.id) + checkInfos.map(\.id))
        let unknown = UnknownRuleIDs.findings(
            options: options, suppressions: suppressions + inline.suppressions, known: known,
            configuration: configuration, checks: checkInfos)
        let problems = (inline.problems + unknown).compactMap(options.apply)
        let filtered = SuppressionFilter.apply(
            checked, suppressions: suppressions + inline.suppressions, problems: problems)
        // Several targets reading one Info.plist: each finding about the file once.
        return SharedInfoPlistFindings.merge(filtered.findings.compactMap(options.apply), apps: inputs.manifests)
    }
}

extension RuleEngine {
    /// Findings made before any check ran (the loader's, about project and settings files)
    /// through the same configuration as a check run's: disabled rules out, severities
    /// changed, suppressions (configured and inline) and context apps' findings taken out.
    /// Whether a suppression was used is the check run's to say, so nothing about them here.
    public func configured(_ findings: [Finding], options: CheckOptions, suppressions: [Suppression]) -> [Finding] {
        let applied = ContextFindings.removing(findings, apps: inputs.manifests).compactMap(options.apply)
        guard !applied.isEmpty else { return [] }
        let inline = options.inlineSuppressions ? InlineSuppressions.read(world.apps).suppressions : []
        let kept = Set(applied)
        return SuppressionFilter.apply(applied, suppressions: suppressions + inline).findings.filter(kept.contains)
    }
}
