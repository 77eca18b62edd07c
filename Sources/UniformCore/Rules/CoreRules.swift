extension RuleDescription {
    /// Every rule the core applies while reading (they need no Lua), in the order `uniform
    /// rules` lists them.
    public static let core: [RuleDescription] = [
        plistParseError, plistStrayText, duplicateKey,
        manifestRootNotDictionary, manifestInvalidValue, manifestTooManyEntries, manifestUnknownRole,
        manifestUnknownRank, roleRankSwapped, missingRole, manifestMissingIdentifier, emptyIdentifier,
        manifestExpansionTooLarge,
        bundleIDPlaceholder, bundleIDMissing, bundleIDGenerated, duplicateBundleID, unresolvedPlaceholder,
        duplicateDeclaration, conformanceCycle, conformanceTooDeep,
        xcodeMissingInfoPlist, xcodeNoInfoPlist, xcodeMissingProject, xcodeUnreadableWorkspace, xcodeMissingXCConfig,
        xcodeOutsideRepository, xcodeConfigurationMissing, xcodeSettingCycle, xcodeSettingTooLong, xcodeTooManySettings,
        xcodeGeneratedProject,
        xcconfigMissingInclude, xcconfigIncludeOutside, xcconfigIncludeCycle, xcconfigSyntax, xcconfigConditionSkipped,
        xcconfigTooLarge,
        configOverrideUnmatched, configOverrideAmbiguous, configOutsideRepository, defaultsInvalidEntry,
    ]

    /// The rules about project and settings files, which commands that print no findings of
    /// their own still say on standard error.
    public static let projectFileRules: Set<String> = Set(
        [
            xcodeMissingInfoPlist, xcodeNoInfoPlist, xcodeMissingProject, xcodeUnreadableWorkspace,
            xcodeMissingXCConfig, xcodeOutsideRepository, xcodeConfigurationMissing, xcodeSettingCycle,
            xcodeSettingTooLong, xcodeTooManySettings, xcodeGeneratedProject, xcconfigMissingInclude,
            xcconfigIncludeOutside, xcconfigIncludeCycle, xcconfigSyntax, xcconfigConditionSkipped, xcconfigTooLarge,
        ].map(\.id))
}
