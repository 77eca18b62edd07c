import Foundation
import UniformCore
import UniformLua
import UniformPlist

extension UniformAPI {
    /// Queries usable everywhere: types, conformance, tags, resolution, hand-off, apps.
    func queryFunctions(into functions: inout [String: (LuaCallContext) throws -> [LuaValue]]) {
        functions["type"] = { ctx in
            let text = try ctx.string(1)
            let options = try self.options(ctx, at: 2, "type")
            // One platform's own world: its declarations only, typed as that platform types.
            let (platform, world) = try self.answering(
                options, "type", example: "uniform.type(\(Self.quoted(text)), { PLATFORM })")
            let graph = world.graph
            let target = Target.parse(text, graph: graph, fileExists: { _ in false }, isDirectory: { _ in false })
            let type = TypeResolver(graph: graph).resolve(
                target, conformingTo: try options?.string("conforming_to"), platform: platform)
            return [self.builder.type(type, graph: graph)]
        }
        functions["lookup"] = { ctx in
            // A bare tag lookup: no document conformance unless asked (`1=webvtt`).
            let args = try self.arguments(ctx, "lookup")
            try args.allowOnly(QueryOptions.of("lookup"))
            let world = try self.answering(
                args, "lookup", example: "uniform.lookup { extension = \"…\", PLATFORM }"
            ).world
            let (tagClass, tag): (String, String)
            if let e = try args.string("extension") {
                (tagClass, tag) = (TagClass.filenameExtension, e.hasPrefix(".") ? String(e.dropFirst()) : e)
            } else if let m = try args.string("mime") {
                (tagClass, tag) = (TagClass.mimeType, m)
            } else if let o = try args.string("os_type") {
                (tagClass, tag) = (TagClass.osType, o)
            } else if let p = try args.string("pasteboard") {
                (tagClass, tag) = (TagClass.pasteboardType, p)
            } else {
                throw args.fail("give one of extension, mime, os_type or pasteboard")
            }
            let filter = try args.string("conforming_to")
            if try args.bool("all") == true {
                let ids = world.graph.lookup(
                    tag: tag, ofClass: tagClass, conformingTo: filter.flatMap { world.graph.id(of: $0) })
                return [self.builder.strings(ids.map { world.graph.identifier($0) })]
            }
            let type = TypeResolver(graph: world.graph).resolve(
                .tag(tagClass: tagClass, tag: tag), conformingTo: filter, documentConformance: false)
            return [self.builder.type(type, graph: world.graph)]
        }
        functions["claims"] = { ctx in
            let text = try ctx.string(1)
            guard let (tagClass, tag) = ClaimTag.parse(text) else {
                throw LuaArguments.Problem(
                    description:
                        "uniform.claims: '\(text)' is neither an extension ('.pdb') nor a MIME type ('chemical/x-pdb')")
            }
            let options = try self.options(ctx, at: 2, "claims")
            let world = try self.answering(
                options, "claims", example: "uniform.claims(\(Self.quoted(text)), { PLATFORM })"
            ).world
            return [self.builder.claimMap(ClaimMap(tag: tag, tagClass: tagClass, world: world))]
        }
        functions["conforms"] = { ctx in
            let options = try self.options(ctx, at: 3, "conforms")
            let text = try ctx.string(1)
            let b = try ctx.string(2)
            let (platform, world) = try self.answering(
                options, "conforms",
                example: "uniform.conforms(\(Self.quoted(text)), \(Self.quoted(b)), { PLATFORM })")
            let graph = world.graph
            let a = TypeResolver(graph: graph).resolve(
                Target.parse(text, graph: graph, fileExists: { _ in false }, isDirectory: { _ in false }),
                platform: platform)
            if let id = graph.id(of: b) { return [.boolean(a.distance(to: id) != nil)] }
            return [.boolean(a.identifier.caseInsensitiveCompare(b) == .orderedSame)]
        }
        functions["plist_keys"] = { ctx in
            // Apple's documented Info.plist keys for a context, on one platform or any.
            let args = try self.arguments(ctx, "plist_keys")
            try args.allowOnly(QueryOptions.of("plist_keys"))
            let context = try args.string("context") ?? "root"
            return [self.builder.strings(InfoPlistKeys.names(context: context, platform: try args.string("platform")))]
        }
        functions["team"] = { _ in
            // `suite` and `private_types` from .uniform.lua.
            let team = self.engine.team
            return [
                self.builder.record(
                    .team,
                    [
                        "suite": self.builder.strings(team.suite),
                        "private_types": self.builder.strings(team.privateTypes),
                    ])
            ]
        }
        functions["same_vendor"] = { ctx in
            [.boolean(Vendor.same(typeID: try ctx.string(1), appID: try ctx.string(2)))]
        }
        functions["os"] = { ctx in
            // The release whose system types a platform's answers hold (`--os`, `os =`).
            let releases = self.engine.inputs.os
            if let name = try ctx.optionalString(1) {
                guard let platform = Platform(rawValue: name) else {
                    throw LuaArguments.Problem(description: "uniform.os: '\(name)' is not a platform (ios or macos)")
                }
                return [.string(releases.release(for: platform).name)]
            }
            if let platform = self.engine.activePlatform { return [.string(releases.release(for: platform).name)] }
            let inPlay = self.engine.platformsInPlay
            if inPlay.count == 1 { return [.string(releases.release(for: inPlay[0]).name)] }
            switch self.engine.inputs.platform {
            case .ios: return [.string(releases.ios.name)]
            case .macos: return [.string(releases.macos.name)]
            case .all:
                throw LuaArguments.Problem(
                    description:
                        "uniform.os: both platforms are in play (\(releases.macos.name), \(releases.ios.name)); say which: uniform.os(\"macos\") or uniform.os(\"ios\")"
                )
            }
        }
        functions["platforms"] = { ctx in
            // The platforms with a world of their own; with an app id, the platforms that app
            // exists on (also those `--platform` left out).
            let platforms = try ctx.optionalString(1).map(self.engine.platforms(ofApp:)) ?? self.engine.platformsInPlay
            return [self.builder.strings(platforms.map(\.rawValue))]
        }
        functions["supertypes"] = { ctx in
            let text = try ctx.string(1)
            let (platform, world) = try self.answering(
                try self.options(ctx, at: 2, "supertypes"), "supertypes",
                example: "uniform.supertypes(\(Self.quoted(text)), { PLATFORM })")
            let type = TypeResolver(graph: world.graph).resolve(
                Target.parse(text, graph: world.graph, fileExists: { _ in false }, isDirectory: { _ in false }),
                platform: platform)
            return [
                self.builder.strings(type.ancestors.filter { $0.id != type.id }.map { world.graph.identifier($0.id) })
            ]
        }
        functions["tags"] = { ctx in
            let text = try ctx.string(1)
            let (platform, world) = try self.answering(
                try self.options(ctx, at: 2, "tags"), "tags",
                example: "uniform.tags(\(Self.quoted(text)), { PLATFORM })")
            let type = TypeResolver(graph: world.graph).resolve(
                Target.parse(text, graph: world.graph, fileExists: { _ in false }, isDirectory: { _ in false }),
                platform: platform)
            return [self.builder.tags(TypeReport(type, graph: world.graph).tagLists)]
        }
        functions["resolve"] = { ctx in
            let (resolution, graph) = try self.resolution(ctx, "resolve")
            return [self.builder.resolution(resolution, graph: graph)]
        }
        functions["explain"] = { ctx in
            // What `uniform resolve --explain` prints for one platform, as text.
            let (resolution, graph) = try self.resolution(ctx, "explain")
            return [.string(ResolutionReport(resolution, graph: graph).text(explain: true))]
        }
        functions["send"] = { ctx in
            guard !self.engine.isSending else {
                throw LuaArguments.Problem(
                    description:
                        "uniform.send: a hand-off is already running (a routing rule, or a policy it runs, cannot send again)"
                )
            }
            let args = try self.arguments(ctx, "send")
            try args.allowOnly(QueryOptions.of("send"))
            let asked = try self.platformOption(args, "send")
            var annotation: PlistNode?
            if case let value = args.table["annotation"], !value.isNil {
                do { annotation = try PlistLuaConversion.fromLua(value) } catch let error
                    as PlistLuaConversion.ConversionError
                {
                    throw LuaArguments.Problem(description: "uniform.send: \(error.description)")
                }
            }
            let request = HandoffRequest(
                file: try args.requiredString("file"), from: try args.requiredString("from"),
                to: try args.requiredString("to"),
                annotation: annotation, inbox: try args.strings("inbox"))
            let platform: Platform?
            do { platform = try self.engine.handoffPlatform(request, asked: asked) } catch let error
                as AmbiguousPlatform
            {
                throw LuaArguments.Problem(
                    description: error.message(
                        function: "uniform.send",
                        example: "uniform.send { file = …, from = …, to = …, PLATFORM } (the apps are on both)"))
            }
            let result: HandoffResult
            do { result = try self.engine.handoff(request, platform: platform) } catch let error as HandoffError {
                throw LuaArguments.Problem(description: "uniform.send: \(error.description)")
            }
            var fields: [String: LuaValue] = [
                "accepted": .boolean(result.accepted),
                "open_in_place": .boolean(result.openInPlace),
                "type": .string(result.resolution.type.identifier),
            ]
            if let platform = result.platform ?? platform { fields["platform"] = .string(platform.rawValue) }
            fields["notes"] = self.builder.strings(result.notes)
            if let reason = result.reason { fields["reason"] = .string(reason) }
            if let url = result.url { fields["url"] = .string(url) }
            if let source = result.sourceApplication { fields["source_application"] = .string(source) }
            if let annotation = result.annotation {
                fields["annotation"] = PlistLuaConversion.toLua(annotation, state: self.state)
            }
            return [self.builder.record(.handoff, fields)]
        }
        functions["apps"] = { _ in
            // During a check run every check asks for the same apps; build their tables once.
            if self.engine.sharesAppTablesDuringChecks, let cached = self.engine.checkRunApps { return [cached] }
            let apps = self.builder.table(self.engine.world.apps.map(self.builder.app))
            if self.engine.sharesAppTablesDuringChecks { self.engine.checkRunApps = apps }
            return [apps]
        }
        functions["app"] = { ctx in
            guard let app = self.engine.world.app(try ctx.string(1)) else { return [.nil] }
            return [self.builder.app(app)]
        }
        functions["plist"] = { ctx in
            guard let app = self.engine.world.app(try ctx.string(1)), let document = app.document else { return [.nil] }
            return [PlistLuaConversion.rawTree(document.root, file: app.file, builder: self.builder)]
        }
        functions["declarations"] = { ctx in
            let options = try self.options(ctx, at: 1, "declarations")
            let includeCatalog = try options?.bool("catalog") ?? false
            let graph = try self.answering(options, "declarations", example: "uniform.declarations { PLATFORM }")
                .world.graph
            var items: [LuaValue] = []
            for id in graph.allIDs {
                for d in graph.declarations(id) where includeCatalog || d.origin != .catalog {
                    items.append(self.builder.declaration(d, winner: graph.declaration(id) == d))
                }
            }
            return [self.builder.table(items)]
        }
        functions["is_declared"] = { ctx in
            let id = try ctx.string(1)
            let graph = try self.answering(
                try self.options(ctx, at: 2, "is_declared"), "is_declared",
                example: "uniform.is_declared(\(Self.quoted(id)), { PLATFORM })"
            ).world.graph
            return [.boolean(graph.id(of: id).map(graph.isDeclared) ?? false)]
        }
        functions["edit_distance"] = { ctx in
            let limit = try ctx.optionalInteger(3).map { Int(clamping: $0) } ?? Int.max - 1
            let a = try ctx.string(1), b = try ctx.string(2)
            // Quadratic in the strings (two 150k strings once took 31 s in one call); a limit
            // narrows the band that is computed.
            let band = limit < Int.max / 4 ? min(b.utf8.count, 2 * max(0, limit) + 1) : b.utf8.count
            try ctx.charge(Double(a.utf8.count + 1) * Double(band + 1), "uniform.edit_distance")
            return [.integer(Int64(EditDistance.between(a, b, limit: limit)))]
        }
        functions["similar_types"] = { ctx in
            let id = try ctx.string(1)
            let graph = try self.answering(
                try self.options(ctx, at: 2, "similar_types"), "similar_types",
                example: "uniform.similar_types(\(Self.quoted(id)), { PLATFORM })"
            ).world.graph
            // Compared with every declared identifier within a few edits.
            try ctx.charge(Double(graph.allIDs.count) * Double(id.utf8.count + 1) * 8, "uniform.similar_types")
            return [self.builder.strings(SimilarTypes.suggestions(for: id, in: graph))]
        }
        functions["findings"] = { _ in
            [self.builder.table(self.engine.world.findings.map(self.builder.finding))]
        }
        functions["exposure"] = { ctx in
            let args = try self.arguments(ctx, "exposure")
            try args.allowOnly(QueryOptions.of("exposure"))
            let types = try args.strings("types") + args.strings("type")
            guard !types.isEmpty else { throw args.fail("give 'type' or 'types'") }
            // Who outside can open the types on one platform: its apps, ranked by its policies.
            let platform = try self.answering(
                args, "exposure", example: "uniform.exposure { type = …, inside = …, PLATFORM }"
            ).platform
            let exposure = try self.engine.withPlatform(platform) {
                try Exposure.compute(
                    types: types, inside: try args.strings("inside"), resolver: self.engine.resolver)
            }
            func entries(_ list: [Exposure.Entry]) -> LuaValue {
                self.builder.table(
                    list.map { entry in
                        var fields = self.builder.candidateFields(entry.candidate)
                        fields["type"] = .string(entry.type)
                        fields["app"] = .string(entry.candidate.bundleID)
                        if let platform { fields["platform"] = .string(platform.rawValue) }
                        return self.builder.record(.exposed, fields)
                    })
            }
            // The exposed entries as an array, with the wildcard-claim entries beside them.
            guard case .table(let result) = entries(exposure.exposed) else { return [.nil] }
            result["wildcard"] = entries(exposure.wildcard)
            self.engine.state.setHostMetatable(RecordKind.exposure.metatable(in: self.engine.state), of: result)
            return [.table(result)]
        }
    }

    /// `uniform.resolve`'s and `uniform.explain`'s answer: one platform's resolution and the
    /// graph its type ids belong to.
    func resolution(_ ctx: LuaCallContext, _ function: String) throws -> (Resolution, TypeGraph) {
        let text = try ctx.string(1)
        let options = try self.options(ctx, at: 2, function)
        var role = RoleQuery.all
        if let r = try options?.string("role") {
            guard let parsed = RoleQuery(rawValue: r.lowercased()) else {
                throw LuaArguments.Problem(
                    description: "uniform.\(function): role must be viewer, editor, shell or all")
            }
            role = parsed
        }
        let (platform, world) = try answering(
            options, function, example: "uniform.\(function)(\(Self.quoted(text)), { PLATFORM })")
        let query = Query(
            target: Target.parse(text, graph: world.graph, fileExists: { _ in false }, isDirectory: { _ in false }),
            role: role,
            conformingTo: try options?.string("conforming_to"), from: try options?.string("from"), text: text,
            platform: platform)
        let policies = try options?.bool("policies") ?? true
        let resolution = try engine.withPlatform(platform) { try engine.resolver(policies: policies).resolve(query) }
        return (resolution, world.graph)
    }

    /// `uniform.dyn.encode(tag_class, tag, conforming_to)` and `uniform.dyn.decode(id)`.
    func dynamicFunctions() -> [String: (LuaCallContext) throws -> [LuaValue]] {
        [
            "encode": { ctx in
                let tagClass = Self.tagClass(try ctx.string(1))
                return [
                    .string(
                        DynamicIdentifier(
                            tagClass: tagClass, tag: try ctx.string(2), conformingTo: try ctx.optionalString(3)
                        ).identifier)
                ]
            },
            "decode": { ctx in
                guard let dynamic = DynamicIdentifier(decoding: try ctx.string(1)) else { return [.nil] }
                var tags: [String: LuaValue] = [:]
                for tag in dynamic.tags {
                    if case .table(let t)? = tags[tag.tagClass] {
                        t[t.count + 1] = .string(tag.tag)
                    } else {
                        tags[tag.tagClass] = self.builder.strings([tag.tag])
                    }
                }
                return [
                    self.builder.record(
                        .dynamicIdentifier,
                        [
                            "conforms_to": self.builder.strings(dynamic.conformsTo),
                            "tags": self.builder.table([], tags), "payload": .string(dynamic.payload),
                        ])
                ]
            },
        ]
    }

    /// `extension`, `mime`, `os_type`, `pasteboard` or a tag-class identifier.
    static func tagClass(_ name: String) -> String {
        switch name {
        case "extension", "ext": TagClass.filenameExtension
        case "mime": TagClass.mimeType
        case "os_type", "ostype": TagClass.osType
        case "pasteboard": TagClass.pasteboardType
        default: name
        }
    }

    /// The options table at `index` (nil if absent), with only `QueryOptions.of(function)`'s keys.
    func options(_ ctx: LuaCallContext, at index: Int, _ function: String) throws -> LuaArguments? {
        let allowed = QueryOptions.of(function)
        switch ctx[index] {
        case .nil: return nil
        case .table(let t):
            let args = LuaArguments(function: "uniform.\(function)", table: t)
            try args.allowOnly(allowed)
            return args
        case let other:
            throw LuaArguments.Problem(
                description: "uniform.\(function): options must be a table, got \(other.typeName)")
        }
    }
}
