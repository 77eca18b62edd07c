import Foundation
import UniformCore
import UniformLua

/// Runs rule files against a world: one sandboxed Lua state with the `uniform` API, the rules
/// they declared, and the world rebuilt whenever a rule declares a type, an app or a default.
///
/// Rule files run in load order; a later file sees what earlier files declared. Everything a
/// rule registers remembers its file:line so explanations and findings can point at it.
public final class RuleEngine {
    public let state: LuaState
    public private(set) var inputs: WorldInputs
    /// What the configuration tells rules about the team (`uniform.team()`): its apps' bundle-id
    /// patterns and the types it keeps private.
    public var team = TeamSettings() { didSet { revision &+= 1 } }
    public private(set) var loadedFiles: [String] = []
    /// Where `require` reads modules (the session's repository and `lua_path`); nil: `require`
    /// fails with a sentence saying so.
    public var modules: ModuleSearch?
    /// Told each module file `require` reads (`uniform test --watch` watches them).
    public var moduleRead: ((String) -> Void)?

    var ruleDeclarations: [TypeDeclaration] = [] { didSet { revision &+= 1 } }
    var syntheticApps: [Manifest] = [] { didSet { revision &+= 1 } }
    var ruleDefaults: [DefaultHandler] = [] { didSet { revision &+= 1 } }
    var policies: [PolicyRule] = [] { didSet { revision &+= 1 } }
    var hides: [HideRule] = [] { didSet { revision &+= 1 } }
    var routes: [RouteRule] = [] { didSet { revision &+= 1 } }
    var checks: [CheckRule] = [] { didSet { revision &+= 1 } }
    /// Changes whenever something a check can see changes: the inputs, a declaration, a rule
    /// registered. Whoever keeps findings (a test's assertions) keeps them for one revision.
    public private(set) var revision = 0
    private var cachedWorld: World?
    var output: (String) -> Void
    var policyDriver: PolicyDriver!

    /// Everything `print` writes goes to `output` (the CLI's standard error or output, a buffer
    /// for tests), one call a line: what a rule prints is input, so line breaks and control
    /// characters in it are escaped and it cannot start a workflow command (`ReportText`).
    public init(
        inputs: WorldInputs, limits: LuaLimits = LuaLimits(), output: @escaping (String) -> Void = { print($0) }
    ) {
        self.inputs = inputs
        self.output = output
        var sink: ((String) -> Void)?
        // The API is installed without the run's time budget (an engine made after it is spent,
        // for a later test file, must still be made); the rules' calls have it.
        var setup = limits
        setup.runDeadline = 0
        self.state = LuaState(limits: setup, printSink: { sink?($0) })
        // A rule's print reaches the CI log too: one line, no raw control characters, no workflow commands.
        sink = { [unowned self] in self.output(ReportText.inert(ReportText.line($0))) }
        UniformAPI(engine: self).install()
        ModuleLoader.install(in: self)
        state.limits = limits
    }

    deinit { state.close() }

    /// The world with everything rules declared so far. Each platform is its own world
    /// (docs/SPEC.md §2): with one platform chosen, or only one platform's apps, it is that platform's; with
    /// apps of both it holds them all, and per-platform questions (`resolve` with a platform,
    /// the checks) run in `world(for:)` while `activePlatform` says which.
    public var world: World {
        if let activePlatform, platformsInPlay != [activePlatform] { return world(for: activePlatform) }
        return wholeWorld
    }

    /// Every app `--platform` lets in, in one world.
    private var wholeWorld: World {
        if let cachedWorld { return cachedWorld }
        var platform = inputs.platform
        if platform == .all, platformsInPlay.count == 1, let only = platformsInPlay.first {
            platform = PlatformFilter(only)
        }
        let world = World(
            manifests: platform == .all ? allManifests : allManifests.filter { platform.includes($0.platform) },
            ruleDeclarations: ruleDeclarations,
            catalog: SystemCatalog.typeDeclarations(for: inputs.os.releases(for: platform)),
            preferenceDefaults: inputs.preferenceDefaults,
            ruleDefaults: ruleDefaults,
            platform: platform,
            extraFindings: inputs.findings
        )
        cachedWorld = world
        return world
    }

    private var allManifests: [Manifest] { inputs.manifests + syntheticApps }

    /// The platforms the apps are for, as `--platform` narrows them: one world each.
    /// Asked on every API call while checks run per platform: worked out once per world.
    public var platformsInPlay: [Platform] {
        if let cachedPlatforms { return cachedPlatforms }
        let apps = allManifests
        let present = Platform.allCases.filter { p in inputs.platform.includes(p) && apps.contains { $0.platform == p }
        }
        cachedPlatforms = present
        return present
    }
    private var cachedPlatforms: [Platform]?

    /// The platforms an app id exists on, whatever `--platform` chose; the id in any case, as
    /// Launch Services compares it (`BundleID`).
    public func platforms(ofApp bundleID: String) -> [Platform] {
        Platform.allCases.filter { p in
            allManifests.contains { $0.platform == p && BundleID.same($0.bundleID, bundleID) }
        }
    }

    /// One platform's own world: its apps, and only their declarations in its type graph.
    public func world(for platform: Platform) -> World {
        // The whole world is this platform's when its apps are all this platform's.
        if platformsInPlay == [platform] || (platformsInPlay.isEmpty && inputs.platform == PlatformFilter(platform)) {
            return wholeWorld
        }
        if let cached = platformWorlds[platform] { return cached }
        let world = World(
            manifests: allManifests.filter { $0.platform == platform },
            ruleDeclarations: ruleDeclarations,
            catalog: SystemCatalog.typeDeclarations(for: [inputs.os.release(for: platform)]),
            preferenceDefaults: inputs.preferenceDefaults,
            ruleDefaults: ruleDefaults,
            platform: PlatformFilter(platform),
            extraFindings: inputs.findings
        )
        platformWorlds[platform] = world
        return world
    }

    /// Runs `body` with `world` being `platform`'s own world (nil: the whole world).
    public func withPlatform<T>(_ platform: Platform?, _ body: () throws -> T) rethrows -> T {
        let saved = activePlatform
        activePlatform = platform
        defer { activePlatform = saved }
        return try body()
    }

    /// While set, `world` is this platform's world.
    public private(set) var activePlatform: Platform?

    /// The one platform a question is answered for: the one asked, else the configuration's
    /// (`platform =`, `--platform`), else the run's (a check or policy running for one), else
    /// the only platform with apps. nil: no app says (the catalog alone, the whole world).
    /// With apps of both and none of these, there is no one answer: the caller must say.
    public func answeringPlatform(_ asked: Platform?) throws(AmbiguousPlatform) -> Platform? {
        if let asked { return asked }
        switch inputs.platform {
        case .ios: return .ios
        case .macos: return .macos
        case .all: break
        }
        if let activePlatform { return activePlatform }
        let inPlay = platformsInPlay
        if inPlay.count > 1 { throw AmbiguousPlatform(platforms: inPlay) }
        return inPlay.first
    }

    /// The world a question about `platform` is answered in (nil: the whole world, which then
    /// holds at most one platform's apps).
    public func world(answering platform: Platform?) -> World {
        platform.map(world(for:)) ?? world
    }
    private var platformWorlds: [Platform: World] = [:]

    /// The bundle ids of a world's apps as one Lua array, indexed by `Candidate.appIndex` + 1: a
    /// policy's records take their `bundle_id` from it instead of interning the string again.
    /// The world is kept with it: while it lives, no other world can take its identity.
    private var bundleIDArray: (world: World, table: LuaTableRef)?

    func bundleIDs(of world: World) -> LuaTableRef {
        if let cached = bundleIDArray, cached.world.identity == world.identity { return cached.table }
        let table = state.makeTable(array: world.apps.map { .string($0.bundleID) })
        bundleIDArray = (world, table)
        return table
    }

    func invalidateWorld() {
        revision &+= 1
        cachedWorld = nil
        cachedPlatforms = nil
        platformWorlds = [:]
        bundleIDArray = nil
        checkRunApps = nil
    }

    /// While checks run, `uniform.apps()` returns one shared list (checks read the world; a
    /// check that edits those tables would be seen by the checks after it in the same run).
    var sharesAppTablesDuringChecks = false
    var checkRunApps: LuaValue?

    /// Replaces the manifests (the REPL's `:reload`, what-if edits); rules stay.
    public func replaceInputs(_ inputs: WorldInputs) {
        self.inputs = inputs
        invalidateWorld()
    }

    /// Runs a rule file.
    public func load(file path: String, chunkName: String? = nil) throws {
        do {
            _ = try state.run(file: path, chunkName: chunkName ?? path)
            loadedFiles.append(chunkName ?? path)
        } catch let error as LuaError {
            throw RuleError(error)
        }
    }

    /// Runs a rule file's bytes read from elsewhere (a trusted revision, `--policy-from`),
    /// named `chunkName` in locations as if read from disk.
    public func load(bytes: [UInt8], chunkName: String) throws {
        do {
            _ = try state.call(try state.load(bytes: bytes, chunkName: chunkName), [])
            loadedFiles.append(chunkName)
        } catch let error as LuaError {
            throw RuleError(error)
        }
    }

    /// Runs rule source (embedded standard rules, REPL input, tests).
    public func load(source: String, chunkName: String) throws {
        do {
            _ = try state.run(source, chunkName: chunkName)
            loadedFiles.append(chunkName)
        } catch let error as LuaError {
            throw RuleError(error)
        }
    }

    /// A resolver applying hide rules and then ranking policies, in load order.
    public var resolver: Resolver { resolver(policies: true) }

    /// The resolver with the rules' hide functions and policies, or (`policies: false`) without
    /// them: what Launch Services alone answers for the world the rules declared.
    public func resolver(policies withPolicies: Bool) -> Resolver {
        var stages: [any ResolutionStage] = []
        if withPolicies {
            if !hides.isEmpty { stages.append(HideStage(engine: self)) }
            for policy in policies { stages.append(PolicyStage(engine: self, policy: policy)) }
        }
        return Resolver(world: world, stages: stages)
    }

    /// Resolves `query` for one platform (`answeringPlatform`); the resolution's query says
    /// which, so policies and hide rules read it as `q.platform`. Its type ids belong to
    /// `world(answering: resolution.query.platform)`'s graph.
    public func resolve(_ query: Query, policies: Bool = true) throws -> Resolution {
        var query = query
        do {
            query.platform = try answeringPlatform(query.platform)
        } catch {
            throw RuleError(message: "\(query.text): \(error.description); give the query a platform")
        }
        do {
            return try withPlatform(query.platform) {
                try resolver(policies: policies).resolve(query)
            }
        } catch let error as LuaError {
            throw RuleError(error)
        }
    }

    /// Hand-off with the routing rules, on one platform: `platform`, else as
    /// `answeringPlatform` decides, else the only platform the receiver exists on.
    public func send(_ request: HandoffRequest, platform: Platform? = nil) throws -> HandoffResult {
        do {
            return try handoff(request, platform: try handoffPlatform(request, asked: platform))
        } catch let error as LuaError {
            throw RuleError(error)
        } catch let error as AmbiguousPlatform {
            throw RuleError(message: "uniform send: \(error.description) with --platform")
        }
    }

    /// A hand-off happens on one device: the platform asked or decided, else the receiver's
    /// when it exists on one platform only, else the sender's (a receiver the world does not
    /// have is refused on the sender's device, not made an error).
    func handoffPlatform(_ request: HandoffRequest, asked: Platform?) throws(AmbiguousPlatform) -> Platform? {
        do { return try answeringPlatform(asked) } catch {
            for app in [request.to, request.from] {
                let on = platforms(ofApp: app).filter(platformsInPlay.contains)
                if on.count == 1 { return on[0] }
                if on.count > 1 { throw error }
            }
            throw error
        }
    }

    /// Whether a hand-off is running: `uniform.send` refuses to start another from its routes and
    /// policies (a route that sent again recursed until the C stack ran out, every level wrapping
    /// the error of the next: 176 MB on standard error).
    var isSending = false

    /// The hand-off, with a rule's error as Lua raised it (`uniform.send` hands it back to Lua).
    func handoff(_ request: HandoffRequest, platform: Platform?) throws -> HandoffResult {
        let routes = self.routes.map { LuaRoute(engine: self, rule: $0) }
        isSending = true
        defer { isSending = false }
        return try withPlatform(platform) {
            try Handoff(
                resolver: resolver, routes: routes, platform: platform,
                senderPlatforms: platforms(ofApp: request.from)
            ).send(request)
        }
    }

    /// The checks registered so far, in load order.
    public var checkInfos: [CheckInfo] { checks.map(\.info) }

    public var policyCount: Int { policies.count }
}
