import Foundation
import UniformCore
import UniformLua

extension Session {
    /// The configuration's limits within the ceiling (unless the command line lifts it), and the
    /// run's time budget shared by every Lua call of the run.
    static func applyLimits(_ options: SessionOptions, to config: inout Configuration, findings: inout [Finding]) {
        if !options.allowRaisedLimits {
            let (limits, capped) = LimitCeiling.apply(config.limits)
            config.limits = limits
            for sentence in capped {
                findings.append(
                    Finding(
                        .configLimitsCapped,
                        message:
                            "limits: \(sentence), the most a configuration may ask for; pass --allow-limits to let it raise them further",
                        location: config.file.map { SourceLocation(file: Configuration.displayPath($0)) },
                        subject: sentence.components(separatedBy: " ").first))
            }
        }
        if options.maxRunTime > 0 { config.limits.runDeadline = LuaLimits.now() + options.maxRunTime }
    }

    /// `--policy-from REV`'s source; nil without it.
    static func policySource(_ options: SessionOptions) throws(SessionError) -> PolicySource? {
        guard let revision = options.policyRevision else { return nil }
        do {
            return try PolicySource(
                revision: revision, directory: options.policyRepository ?? options.directory,
                treeRoot: options.policyTreeRoot)
        } catch {
            throw SessionError("--policy-from \(revision): \(error.description)")
        }
    }

    static func loadConfiguration(
        _ options: SessionOptions, policy: PolicySource? = nil
    ) throws(SessionError) -> Configuration {
        if let policy { return try loadConfiguration(options, from: policy) }
        let file: String?
        if let explicit = options.configFile.map({ local($0, directory: options.directory) }) {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw SessionError("\(explicit): no such configuration file")
            }
            file = explicit
        } else {
            file = Configuration.find(from: options.directory)
        }
        guard let file else { return Configuration(directory: options.directory) }
        // The configuration is Lua: one that resolves outside the repository holding it as
        // found (a committed link) is not run.
        guard RepositoryBoundary(startingAt: options.directory).allows(named: file, relativeTo: options.directory)
        else {
            throw SessionError("\(file): the configuration links outside the repository; it is not run")
        }
        do { return try Configuration.load(file: file) } catch { throw SessionError("\(error)") }
    }

    /// The configuration as the trusted revision has it: `--config FILE`'s path, else the
    /// nearest `.uniform.lua` there (none: the defaults, whatever the working tree holds).
    /// Paths in it resolve against the working tree's folder of the same name.
    static func loadConfiguration(
        _ options: SessionOptions, from policy: PolicySource
    ) throws(SessionError) -> Configuration {
        let found: (path: String, text: Data)?
        do {
            if let explicit = options.configFile.map({ local($0, directory: options.directory) }) {
                guard let text = try policy.contents(of: explicit) else {
                    throw SessionError("\(explicit): no such configuration file in \(policy.revision)")
                }
                found = (explicit, text)
            } else {
                found = try policy.configuration(governing: options.directory)
            }
        } catch let error as PolicyError {
            throw SessionError("--policy-from \(policy.revision): \(error.description)")
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError("\(error)")
        }
        guard let found else { return Configuration(directory: options.directory) }
        do { return try Configuration.load(file: found.path, contents: found.text) } catch {
            throw SessionError("\(error)")
        }
    }

}
