import UniformCore

/// Answers per platform, as `uniform resolve` and `uniform type` print them and the REPL's
/// `:why` and `:type` do: one answer when a platform is chosen or only one has apps, one
/// section each (`PlatformSections`) when both have.
extension RuleEngine {
    /// The platforms a question is answered for: the one asked, the configuration's or the
    /// run's; else every platform with apps (both when no app says, the catalog alone).
    public func answeredPlatforms(_ asked: Platform?) -> [Platform] {
        if let platform = asked ?? inputs.platform.only ?? activePlatform { return [platform] }
        return PlatformScope.platforms(filter: world.platform, apps: world.apps)
    }

    /// `query` resolved on each platform answered for (its own platform is ignored).
    public func resolutionSections(
        _ query: Query, platform asked: Platform?, policies: Bool = true
    ) throws -> PlatformSections<ResolutionReport> {
        var answers: [(platform: Platform, answer: ResolutionReport)] = []
        // Context apps answer like any other and are flagged so (`[context]`, `"context": true`).
        let contextApps = Set(inputs.manifests.filter(\.isContext).map { $0.bundleID.lowercased() })
        for platform in answeredPlatforms(asked) {
            var one = query
            one.platform = platform
            let resolution = try resolve(one, policies: policies)
            answers.append(
                (platform, ResolutionReport(resolution, graph: world(for: platform).graph, contextApps: contextApps)))
        }
        return PlatformSections(answers, os: inputs.os)
    }

    /// The type of `target` on each platform answered for, in that platform's own graph.
    public func typeSections(
        _ target: Target, conformingTo: String? = nil, platform asked: Platform?
    ) -> PlatformSections<TypeReport> {
        PlatformSections(
            answeredPlatforms(asked).map { platform in
                let graph = world(for: platform).graph
                return (
                    platform,
                    TypeReport(
                        TypeResolver(graph: graph).resolve(target, conformingTo: conformingTo, platform: platform),
                        graph: graph)
                )
            }, os: inputs.os)
    }

    /// The claim maps of `tags` (each a class and a tag) on each platform answered for.
    public func claimSections(_ tags: [(tagClass: String, tag: String)]) -> PlatformSections<[ClaimMapReport]> {
        PlatformSections(
            answeredPlatforms(nil).map { platform in
                (
                    platform,
                    tags.map {
                        ClaimMapReport(ClaimMap(tag: $0.tag, tagClass: $0.tagClass, world: world(for: platform)))
                    }
                )
            })
    }

    /// Whether two type answers are the same (printed once).
    public static func sameType(_ a: TypeReport, _ b: TypeReport) -> Bool { a.type.identifier == b.type.identifier }
}
