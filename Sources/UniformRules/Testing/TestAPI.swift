import Foundation
import UniformCore
import UniformLua

/// The Swift half of the test framework: the caller's position, fixtures relative to the test
/// file, and check findings.
struct TestAPI {
    unowned let engine: RuleEngine
    let directory: String
    /// The folder fixtures are read inside of (canonical): the run's repository.
    let boundary: String
    let settings: [SettingsStack.Level]
    let checkOptions: CheckOptions
    let suppressions: [Suppression]
    /// Files fixtures read, for `--watch`.
    let reads: ReadFiles
    /// The test's findings, run once per state of its world.
    let findings: FindingsCache

    /// A fixture's path, relative to the test file's folder: its folders as the kernel resolves
    /// them, the file named as written (a link stays the link in findings).
    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : CanonicalPath.ofParent(path, relativeTo: directory)
    }

    func contains(_ path: String) -> Bool {
        RepositoryBoundary.contains(CanonicalPath.of(path), root: boundary)
    }

    /// Takes every app with one of `ids` (any case, every platform) out of the world: the
    /// manifests' and those rules declared. An id the world does not hold is an error naming
    /// the nearest one it does, so a typo never leaves the app in place unnoticed.
    func removeApps(_ ids: [String]) throws {
        var inputs = engine.inputs
        let present = inputs.manifests.map(\.bundleID) + engine.syntheticApps.map(\.bundleID)
        for id in ids where !present.contains(where: { BundleID.same($0, id) }) {
            let nearest = present.map { (EditDistance.between(id, $0, limit: 3), $0) }.filter { $0.0 <= 3 }
                .min { $0 < $1 }
            throw LuaArguments.Problem(
                description:
                    "fixture.remove_apps: no app \"\(id)\" in the world"
                    + (nearest.map { " (did you mean \"\($0.1)\"?)" } ?? ""))
        }
        func removed(_ app: Manifest) -> Bool { ids.contains { BundleID.same($0, app.bundleID) } }
        inputs.manifests.removeAll(where: removed)
        engine.syntheticApps.removeAll(where: removed)
        engine.replaceInputs(inputs)
    }

    func table() -> LuaTableRef {
        let state = engine.state
        return state.makeTable(
            functions: [
                "caller": { ctx in
                    let level = Int32(try ctx.integer(1))
                    guard let location = ctx.callerLocation(level: level + 1) else { return [.nil, .nil] }
                    return [.string(location.file), .integer(Int64(location.line))]
                },
                "manifests": { ctx in
                    let add = ctx.boolean(1)
                    var paths: [String] = []
                    for i in 2...max(2, ctx.argumentCount) where i <= ctx.argumentCount {
                        paths.append(self.resolve(try ctx.string(i)))
                    }
                    // A test file comes with the pull request: it reads only inside the repository.
                    if let outside = paths.first(where: { !self.contains($0) }) {
                        throw LuaArguments.Problem(
                            description:
                                "fixture.manifests: \(ProjectPath.lastComponent(outside)) is outside the repository; it is not read"
                        )
                    }
                    let loaded = ManifestLoader(settings: self.settings).load(
                        paths.map { Configuration.displayPath($0) })
                    if let missing = loaded.missing.first {
                        throw LuaArguments.Problem(
                            description: "fixture.manifests: \(missing): no such file or directory")
                    }
                    if let error = loaded.errors.first {
                        throw LuaArguments.Problem(description: "fixture.manifests: \(error.description)")
                    }
                    self.reads.paths.formUnion(paths + loaded.manifests.map(\.file))
                    var inputs = self.engine.inputs
                    // Context apps model the device: a test's own manifests replace the team's only.
                    inputs.manifests =
                        (add ? inputs.manifests : inputs.manifests.filter(\.isContext)) + loaded.manifests
                    self.engine.replaceInputs(inputs)
                    return []
                },
                "remove_apps": { ctx in
                    var ids: [String] = []
                    for i in 1...max(1, ctx.argumentCount) { ids.append(try ctx.string(i)) }
                    try self.removeApps(ids)
                    return []
                },
                "rules": { ctx in
                    let path = self.resolve(try ctx.string(1))
                    guard self.contains(path) else {
                        throw LuaArguments.Problem(
                            description:
                                "fixture.rules: \(ProjectPath.lastComponent(path)) is outside the repository; it is not run"
                        )
                    }
                    self.reads.paths.insert(path)
                    do { try self.engine.load(file: Configuration.displayPath(path)) } catch let error as RuleError {
                        throw LuaArguments.Problem(description: "fixture.rules: \(error.message)")
                    }
                    return []
                },
                "rule_ids": { _ in
                    // Every id a finding can carry: built-in rules and the loaded checks.
                    [
                        LuaBuilder(state: self.engine.state).strings(
                            RuleCatalog(engine: self.engine, options: self.checkOptions).rules.map(\.id))
                    ]
                },
                "findings": { _ in
                    let builder = LuaBuilder(state: self.engine.state)
                    return [
                        builder.table(
                            self.findings.findings(of: self.engine) {
                                self.engine.checkedFindings(options: self.checkOptions, suppressions: self.suppressions)
                            }.map(builder.finding))
                    ]
                },
            ], prefix: "fixture")
    }
}
