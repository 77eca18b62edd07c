import Foundation
import UniformCore

/// What `uniform diff` compares of one world: its declared types, the handlers of every
/// subject, and its findings keyed so the same finding in both worlds matches.
public struct WorldSnapshot: Sendable {
    /// A declared (non-catalog) type: the winning declaration's parents and provenance.
    public struct TypeSummary: Sendable, Equatable {
        public var identifier: String
        public var parents: [String]
        public var provenance: String
    }

    /// The answer for one subject: the type it resolves to, the handlers best first, the default.
    public struct Handlers: Sendable, Equatable {
        public var type: String
        public var handlers: [String]
        public var defaultHandler: String?
        /// Set when resolving failed (a policy raised an error).
        public var error: String?
    }

    /// A finding and the key it is matched by across worlds.
    public struct KeyedFinding: Sendable {
        public var key: String
        public var finding: Finding
    }

    /// By lowercased identifier.
    public var types: [String: TypeSummary]
    public var handlers: [DiffSubject: Handlers]
    public var findings: [KeyedFinding]

    /// `findings` are the world's checked findings (after suppressions). Their files are keyed
    /// by the bundle id of the manifest they belong to (so `apps/Monitor/Info.plist` and
    /// `leaky/Monitor/Info.plist` are the same app), other files by path.
    ///
    /// `platforms`: with two, types and answers are taken in each platform's own world and
    /// labelled with it (the subjects carry their platform, `DiffSubject.on`).
    public init(engine: RuleEngine, subjects: [DiffSubject], findings: [Finding], platforms: [Platform] = []) {
        let world = engine.world
        var types: [String: TypeSummary] = [:]
        let perPlatform: [(Platform?, World)] =
            platforms.count > 1 ? platforms.map { ($0, engine.world(for: $0)) } : [(nil, world)]
        for (platform, world) in perPlatform {
            for id in world.graph.allIDs {
                guard let declaration = world.graph.declaration(id), declaration.origin != .catalog,
                    declaration.origin != .dynamic
                else { continue }
                let suffix = platform.map { " (\(PlatformScope.name($0)))" } ?? ""
                types[declaration.identifier.lowercased() + suffix] = TypeSummary(
                    identifier: declaration.identifier + suffix, parents: declaration.parents,
                    provenance: declaration.provenance)
            }
        }
        self.types = types
        var handlers: [DiffSubject: Handlers] = [:]
        for subject in subjects {
            do {
                let resolution = try engine.resolve(
                    Query(target: subject.target, text: subject.label, platform: subject.platform))
                handlers[subject] = Handlers(
                    type: resolution.type.identifier, handlers: resolution.handlers.map(\.bundleID),
                    defaultHandler: resolution.defaultHandler, error: nil)
            } catch {
                handlers[subject] = Handlers(type: "", handlers: [], defaultHandler: nil, error: "\(error)")
            }
        }
        self.handlers = handlers
        var appsByFile: [String: String] = [:]
        for app in world.apps where appsByFile[app.file] == nil { appsByFile[app.file] = app.bundleID }
        self.findings = findings.map { finding in
            let file = finding.location.map { appsByFile[$0.file].map { "app:\($0)" } ?? $0.file } ?? ""
            return KeyedFinding(
                key: [finding.rule, file, FindingIdentity.subject(of: finding)].joined(separator: "\u{0}"),
                finding: finding)
        }
    }
}
