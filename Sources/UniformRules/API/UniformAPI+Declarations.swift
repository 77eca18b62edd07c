import UniformCore
import UniformLua

extension UniformAPI {
    /// What rules may add to the world: each declaration is Swift work (the type graph, the
    /// claim index) that no Lua limit sees — 100,000 exports from each of three 5-line rule
    /// files took 90 s and 4.6 GB. Real policies declare a handful.
    static let maxRuleDeclarations = 10_000

    func checkDeclarationCount(_ function: String) throws {
        let count =
            engine.ruleDeclarations.count + engine.syntheticApps.count + engine.ruleDefaults.count
        guard count < Self.maxRuleDeclarations else {
            throw LuaArguments.Problem(
                description:
                    "uniform.\(function): rules have declared \(Self.maxRuleDeclarations) types, apps and defaults; no more are taken"
            )
        }
    }

    /// `uniform.export{}`, `uniform.import{}`, `uniform.declare_app{}`, `uniform.set_default{}`.
    func declarationFunctions(into functions: inout [String: (LuaCallContext) throws -> [LuaValue]]) {
        functions["export"] = { ctx in
            try self.checkDeclarationCount("export")
            let declaration = try self.typeDeclaration(
                try self.arguments(ctx, "export"), kind: .exported, at: self.caller(ctx))
            self.engine.ruleDeclarations.append(declaration)
            self.engine.invalidateWorld()
            return [.string(declaration.identifier)]
        }
        functions["import"] = { ctx in
            try self.checkDeclarationCount("import")
            let declaration = try self.typeDeclaration(
                try self.arguments(ctx, "import"), kind: .imported, at: self.caller(ctx))
            self.engine.ruleDeclarations.append(declaration)
            self.engine.invalidateWorld()
            return [.string(declaration.identifier)]
        }
        functions["declare_app"] = { ctx in
            try self.checkDeclarationCount("declare_app")
            let app = try self.syntheticApp(try self.arguments(ctx, "declare_app"), at: self.caller(ctx))
            // Launch Services knows one app by an id in any case (`BundleID`).
            func sameID(_ other: Manifest) -> Bool { BundleID.same(other.bundleID, app.bundleID) }
            if let existing = self.engine.syntheticApps.first(where: sameID)
                ?? self.engine.inputs.manifests.first(where: sameID)
            {
                throw LuaArguments.Problem(
                    description: "uniform.declare_app: an app '\(existing.bundleID)' already exists")
            }
            self.engine.syntheticApps.append(app)
            self.engine.invalidateWorld()
            return [.string(app.bundleID)]
        }
        functions["set_default"] = { ctx in
            try self.checkDeclarationCount("set_default")
            let args = try self.arguments(ctx, "set_default")
            try args.allowOnly(["type", "extension", "mime", "app", "role"])
            let app = try args.requiredString("app")
            let role =
                try args.string("role").map { r -> RoleQuery in
                    guard let role = RoleQuery(rawValue: r.lowercased()) else {
                        throw args.fail("'role' must be viewer, editor, shell or all")
                    }
                    return role
                } ?? .all
            let key: DefaultHandler.Key
            if let type = try args.string("type") {
                key = .contentType(type)
            } else if let ext = try args.string("extension") {
                key = .tag(
                    tagClass: TagClass.filenameExtension, tag: ext.hasPrefix(".") ? String(ext.dropFirst()) : ext)
            } else if let mime = try args.string("mime") {
                key = .tag(tagClass: TagClass.mimeType, tag: mime)
            } else {
                throw args.fail("give one of 'type', 'extension' or 'mime'")
            }
            self.engine.ruleDefaults.insert(
                DefaultHandler(key: key, roles: [role.preferencesKey: app], location: self.caller(ctx)), at: 0)
            self.engine.invalidateWorld()
            return []
        }
    }

    func typeDeclaration(
        _ args: LuaArguments, kind: TypeDeclaration.Kind, at location: SourceLocation
    ) throws -> TypeDeclaration {
        try args.allowOnly([
            "id", "conforms_to", "extensions", "mime_types", "os_types", "tags", "description", "reference_url",
        ])
        var tags: [TagList] = []
        func add(_ tagClass: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            tags.append(
                TagList(
                    tagClass: tagClass,
                    tags: values.map {
                        tagClass == TagClass.filenameExtension && $0.hasPrefix(".") ? String($0.dropFirst()) : $0
                    }))
        }
        add(TagClass.filenameExtension, try args.strings("extensions"))
        add(TagClass.mimeType, try args.strings("mime_types"))
        add(TagClass.osType, try args.strings("os_types"))
        if let extra = try args.tableValue("tags") {
            for (key, value) in extra.pairs() {
                guard case .string(let tagClass) = key else { throw args.fail("'tags' keys must be tag classes") }
                add(tagClass, try LuaArguments.strings(value, what: "\(args.function): tags['\(tagClass)']"))
            }
        }
        let parents = try args.strings("conforms_to")
        return TypeDeclaration(
            identifier: try args.requiredString("id"),
            kind: kind,
            origin: .rule,
            parents: parents,
            tags: tags,
            description: try args.string("description"),
            referenceURL: try args.string("reference_url"),
            location: location,
            parentLocations: parents.map { _ in location }
        )
    }

    func syntheticApp(_ args: LuaArguments, at location: SourceLocation) throws -> Manifest {
        try args.allowOnly([
            "id", "name", "platform", "claims", "exports", "imports", "opens_in_place", "supports_document_browser",
        ])
        let id = try args.requiredString("id")
        var platform = Platform.macos
        if let p = try args.string("platform") {
            guard let parsed = Platform(rawValue: p.lowercased()) else {
                throw args.fail("'platform' must be ios or macos")
            }
            platform = parsed
        }
        var claims: [DocumentClaim] = []
        for (n, item) in (try args.tableValue("claims")?.arrayValues() ?? []).enumerated() {
            guard case .table(let t) = item else { throw args.fail("'claims' must be a list of tables") }
            let c = LuaArguments(function: "\(args.function) claims[\(n + 1)]", table: t)
            try c.allowOnly(["types", "role", "rank", "extensions", "mime_types", "os_types", "name", "is_package"])
            var claim = DocumentClaim(location: location, index: n)
            claim.name = try c.string("name")
            claim.isPackage = try c.bool("is_package")
            if let role = try c.string("role") {
                guard let parsed = HandlerRole(plistValue: role) else {
                    throw c.fail("'role' must be Editor, Viewer, Shell, None, QLGenerator or MDImporter")
                }
                claim.role = parsed
                claim.declaredRole = role
            } else {
                claim.role = .viewer
                claim.declaredRole = "Viewer"
            }
            if let rank = try c.string("rank") {
                guard let parsed = HandlerRank(plistValue: rank) else {
                    throw c.fail("'rank' must be Owner, Default, Alternate or None")
                }
                claim.rank = parsed
                claim.declaredRank = rank
            } else {
                claim.declaredRank = "Default"
            }
            claim.contentTypes = try c.strings("types").map { Located($0, at: location) }
            claim.extensions = try c.strings("extensions").map {
                Located($0.hasPrefix(".") && $0 != "." ? String($0.dropFirst()) : $0, at: location)
            }
            claim.mimeTypes = try c.strings("mime_types").map { Located($0, at: location) }
            claim.osTypes = try c.strings("os_types").map { Located($0, at: location) }
            claims.append(claim)
        }
        func declarations(_ key: String, _ kind: TypeDeclaration.Kind) throws -> [TypeDeclaration] {
            try (args.tableValue(key)?.arrayValues() ?? []).map { item in
                guard case .table(let t) = item else { throw args.fail("'\(key)' must be a list of tables") }
                var d = try typeDeclaration(
                    LuaArguments(function: "\(args.function) \(key)", table: t), kind: kind, at: location)
                d.origin = .manifest(bundleID: id)
                return d
            }
        }
        return Manifest(
            bundleID: id, name: try args.string("name"), platform: platform, file: location.file, location: location,
            claims: claims, exportedTypes: try declarations("exports", .exported),
            importedTypes: try declarations("imports", .imported),
            supportsOpeningDocumentsInPlace: try args.bool("opens_in_place"),
            supportsDocumentBrowser: try args.bool("supports_document_browser"),
            isSynthetic: true
        )
    }
}
