import Foundation
import UniformCore
import UniformLua

/// A run's world and rule engine, built from the current directory, the nearest
/// `.uniform.lua` (or `--config`) and the options — the one place every command, `uniform
/// test`'s suites and library users turn "this repository" into something to ask.
///
/// The world comes from `RepositoryLoader` (UniformCore, no Lua): a session translates
/// `.uniform.lua` (or the `--policy-from` revision's) into its `RepositoryConfiguration`, and
/// adds the rule engine with the configured rule files.
public struct Session {
    public var config: Configuration
    public var engine: RuleEngine
    /// The inputs manifests were read from (paths, projects), for messages.
    public var manifestPaths: [String]
    public var report: LoadReport
    /// The repository the run is about (git top level, else the configuration's folder, else
    /// the run's directory): reports name files relative to it, from whatever folder they ran.
    public var repositoryRoot: String = ""
    /// Where the policy was read from with `--policy-from`; nil for the working tree.
    public var policy: PolicySource?
    /// The configured xcconfigs and defines as build-setting levels (`RunSettings`): what
    /// test fixtures read manifests with.
    public var settings: [SettingsStack.Level] = []

    /// Builds the session; bad input (missing files, unreadable projects, broken rules, an
    /// empty world where one is required) throws a `SessionError` naming the file and line.
    public static func open(
        _ options: SessionOptions, output: @escaping (String) -> Void = { print($0) }
    ) throws(SessionError) -> Session {
        let policy = try SessionPolicy(options)
        let repository = try repositoryOptions(options, policy: policy)
        var load: RepositoryLoad
        do { load = try RepositoryLoader.load(repository) } catch { throw SessionError(error.description) }
        load.report.policy = policy.line
        load.inputs.findings += policy.findings
        var session = try make(policy, inputs: load.inputs, options: options, output: output)
        session.manifestPaths = load.manifestPaths
        session.report = load.report
        session.settings = load.settings
        return session
    }

    /// The configuration and its rules without a world: no manifest or project is discovered
    /// or read (`uniform rules`, which a broken project elsewhere in the tree must not stop).
    public static func openRules(
        _ options: SessionOptions, output: @escaping (String) -> Void = { print($0) }
    ) throws(SessionError) -> Session {
        let policy = try SessionPolicy(options)
        return try make(policy, inputs: WorldInputs(findings: policy.findings), options: options, output: output)
    }

    /// The engine over `inputs` with the standard and configured rules loaded.
    static func make(
        _ policy: SessionPolicy, inputs: WorldInputs, options: SessionOptions, output: @escaping (String) -> Void
    ) throws(SessionError) -> Session {
        let config = policy.config
        let engine = RuleEngine(inputs: inputs, limits: config.limits, output: output)
        engine.team = TeamSettings(suite: config.suite, privateTypes: config.privateTypes)
        engine.modules = ModuleSearch(root: policy.boundary.root, patterns: config.luaPath, policy: policy.source)
        try loadRules(options, policy: policy, into: engine)
        var session = Session(config: config, engine: engine, manifestPaths: [], report: LoadReport())
        session.repositoryRoot = policy.boundary.root
        session.policy = policy.source
        return session
    }

    /// The standard rules (unless turned off), the configured rule files (from the trusted
    /// revision when there is one), then the command line's.
    static func loadRules(
        _ options: SessionOptions, policy: SessionPolicy, into engine: RuleEngine
    ) throws(SessionError) {
        let config = policy.config
        do {
            if options.standardRules && config.standardRules { try engine.loadStandardRules() }
            for rule in config.rules.map(config.resolve) {
                try load(rule: rule, into: engine, policy: policy.source)
            }
            for rule in options.rules.map({ local($0, directory: options.directory) }) {
                guard FileManager.default.fileExists(atPath: rule) else {
                    throw SessionError("\(rule): no such rule file")
                }
                guard policy.boundary.allows(named: rule) else {
                    throw SessionError("\(rule): the path links outside the repository; it is not run")
                }
                try engine.load(file: rule)
            }
        } catch let error as RuleError {
            throw SessionError(error.description)
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError("\(error)")
        }
    }

    /// A configured rule file, from the trusted revision when there is one.
    static func load(rule: String, into engine: RuleEngine, policy: PolicySource?) throws {
        guard let policy else {
            guard FileManager.default.fileExists(atPath: rule) else {
                throw SessionError("\(rule): no such rule file")
            }
            return try engine.load(file: rule)
        }
        guard let bytes = try policy.contents(of: rule) else {
            throw SessionError("\(Configuration.displayPath(rule)): no such rule file in \(policy.revision)")
        }
        try engine.load(bytes: [UInt8](bytes), chunkName: Configuration.displayPath(rule))
    }

    /// What the loader reads: the options' world with the configuration's, and the context
    /// paths (the configuration's, then `--context`'s) checked against the repository.
    static func repositoryOptions(
        _ options: SessionOptions, policy: SessionPolicy
    ) throws(SessionError) -> RepositoryOptions {
        var repository = options.repository
        repository.configuration = policy.config.repository
        repository.context = try contextPaths(options, config: policy.config, boundary: policy.boundary)
        return repository
    }
}
