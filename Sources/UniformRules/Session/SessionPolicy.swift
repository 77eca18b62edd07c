import UniformCore

/// The policy a session runs: the configuration (from the working tree, or the `--policy-from`
/// revision) with its limits applied and its rule files kept inside the repository, and the
/// findings that says about it.
struct SessionPolicy {
    /// The trusted revision with `--policy-from`; nil for the working tree.
    var source: PolicySource?
    var config: Configuration
    /// The repository: nothing the configuration names is read or run outside it.
    var boundary: RepositoryBoundary
    /// Rule files outside the repository, limits capped.
    var findings: [Finding] = []

    init(_ options: SessionOptions) throws(SessionError) {
        source = try Session.policySource(options)
        config = try Session.loadConfiguration(options, policy: source)
        // A trusted policy is the revision's alone: a manifest's `uniform:ignore` comment is the
        // pull request's, so it suppresses nothing.
        if source != nil { config.checkOptions.inlineSuppressions = false }
        // What the configuration names must lie inside the repository: a pull request supplies
        // it. The command line's paths are the user's own.
        boundary = RepositoryBoundary(startingAt: config.file == nil ? options.directory : config.directory)
        config.rules = config.repository.inside(config.rules, key: "rules", boundary: boundary, findings: &findings)
        Session.applyLimits(options, to: &config, findings: &findings)
    }

    /// Which policy ran, for `--verbose`: a revision with no .uniform.lua gives the defaults
    /// silently otherwise.
    var line: String? {
        guard let source else { return nil }
        let from =
            config.file.map { "\(Configuration.displayPath($0)) and its rule files" }
            ?? "no .uniform.lua governs this folder there, so the defaults"
        return
            "from \(source.revision) (commit \(source.commit.prefix(12))): \(from); uniform:ignore comments in the manifests are not applied"
    }
}
