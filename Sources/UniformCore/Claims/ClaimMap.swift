/// Who claims a tag: every declared type carrying an extension or MIME type, which one wins
/// the lookup and why, and the apps behind each.
///
/// Resolving `.pdb` answers with one type and hides the rest (Molecules' type hides
/// LibreOffice's); "who else claims `.pdb`?" needs every claimant side by side. Types whose
/// declaration lost precedence to another declaration of the same identifier are listed too,
/// marked `isShadowed`: their tags do not count, which is exactly what surprises authors.
public struct ClaimMap: Sendable {
    public var tagClass: String
    public var tag: String
    /// Types carrying the tag, in lookup order (the winner first), then shadowed declarations.
    public var entries: [ClaimEntry]
    /// Legacy document claims (`CFBundleTypeExtensions`, `CFBundleTypeMIMETypes`) naming the tag.
    public var legacyClaims: [ClaimingApp]
    /// The platform's typing filter, said once when it applies (macOS).
    public var typingFilter: String?

    /// The identifier the lookup picks, if any type carries the tag.
    public var winner: String? { entries.first(where: \.wins)?.identifier }

    public init(tag: String, tagClass: String, world: World) {
        self.tagClass = tagClass
        self.tag = tag
        let graph = world.graph
        var order = graph.lookup(tag: tag, ofClass: tagClass)
        // On macOS a flat file is typed among the types conforming to public.data (docs/SPEC.md §2):
        // the others never win for a file, whatever their place in the order.
        var fileless: [TypeID] = []
        if world.platform == .macos, let data = graph.id(of: "public.data") {
            fileless = order.filter { !graph.conforms($0, to: data) }
            order = order.filter { graph.conforms($0, to: data) }
            typingFilter =
                "on macOS a file is typed among the types conforming to public.data; a folder among com.apple.package and public.directory"
        }
        var entries: [ClaimEntry] = [], fileEntries: [ClaimEntry] = []
        for id in fileless {
            guard let declaration = graph.declaration(id) else { continue }
            let folder = ["com.apple.package", "public.directory"].compactMap(graph.id(of:)).contains {
                graph.conforms(id, to: $0)
            }
            let reason =
                folder
                ? "never picked for a file on macOS: it does not conform to public.data (a folder with this extension can be it)"
                : "never picked on macOS: it conforms to neither public.data nor com.apple.package, so no file or folder is typed as it"
            fileEntries.append(
                ClaimEntry(
                    identifier: graph.identifier(id), declaration: declaration, wins: false, isShadowed: false,
                    reason: reason, declaredBy: Self.declarers(of: id, in: world),
                    declaringApps: Self.apps(declaring: graph.declarations(id)),
                    claimedBy: Self.claimants(of: id, in: world)))
        }
        for (n, id) in order.enumerated() {
            guard let declaration = graph.declaration(id) else { continue }
            let reason =
                n == 0
                ? (order.count == 1
                    ? "the only type with this tag"
                    : "preferred over \(order.count - 1) other type\(order.count == 2 ? "" : "s") (their reasons below)")
                : ClaimPreference.reason(winner: order[0], loser: id, tag: tag, tagClass: tagClass, graph: graph)
            entries.append(
                ClaimEntry(
                    identifier: graph.identifier(id), declaration: declaration, wins: n == 0, isShadowed: false,
                    reason: reason, declaredBy: Self.declarers(of: id, in: world),
                    declaringApps: Self.apps(declaring: graph.declarations(id)),
                    claimedBy: Self.claimants(of: id, in: world)))
        }
        entries += fileEntries
        let normalised = TypeGraph.normalise(tag, ofClass: tagClass)
        // A type's claimants are listed once, on its first entry: 5,000 shadowed copies of one
        // declaration each listing the same 5,000 apps made a single `.txt` question quadratic.
        var listed = Set((order + fileless).map(\.raw))
        for id in graph.allIDs {
            let winning = graph.declaration(id)
            for declaration in graph.declarations(id) where declaration != winning {
                guard
                    declaration.tags(ofClass: tagClass).contains(where: {
                        TypeGraph.normalise($0, ofClass: tagClass) == normalised
                    })
                else { continue }
                let reason =
                    "this declaration is ignored: \(winning.map { "the one \($0.provenance) at \($0.location) takes precedence" } ?? "another declaration wins")"
                let claimedBy = listed.insert(id.raw).inserted ? Self.claimants(of: id, in: world) : []
                entries.append(
                    ClaimEntry(
                        identifier: declaration.identifier, declaration: declaration, wins: false, isShadowed: true,
                        reason: reason, declaredBy: Self.declarer(declaration).map { [$0] } ?? [],
                        declaringApps: Self.apps(declaring: [declaration]), claimedBy: claimedBy))
            }
        }
        self.entries = entries
        legacyClaims = Self.ordered(world.legacyClaims(tag: tag, ofClass: tagClass), in: world).map {
            ClaimingApp(world: world, reference: $0, claimedAs: tag)
        }
    }

    /// Apps whose manifests declare the type (exports first), as `bundle id (exported)`.
    static func declarers(of id: TypeID, in world: World) -> [String] {
        let declarations = world.graph.declarations(id).sorted {
            ($0.kind == .exported ? 0 : 1) < ($1.kind == .exported ? 0 : 1)
        }
        var seen = Set<String>()
        return declarations.compactMap(declarer).filter { seen.insert($0).inserted }
    }

    static func apps(declaring declarations: [TypeDeclaration]) -> [String] {
        var seen = Set<String>()
        return declarations.compactMap { d -> String? in
            if case .manifest(let bundleID) = d.origin { return bundleID }
            return nil
        }.filter { seen.insert($0).inserted }
    }

    static func declarer(_ declaration: TypeDeclaration) -> String? {
        switch declaration.origin {
        case .manifest(let bundleID): "\(bundleID) (\(declaration.kind.rawValue))"
        case .catalog: "system catalog (\(declaration.kind.rawValue))"
        case .rule: "a rule (\(declaration.kind.rawValue))"
        case .dynamic: nil
        }
    }

    /// Apps whose `LSItemContentTypes` name the type exactly.
    static func claimants(of id: TypeID, in world: World) -> [ClaimingApp] {
        ordered(world.claims(of: id), in: world).map {
            ClaimingApp(world: world, reference: $0, claimedAs: world.graph.identifier(id))
        }
    }

    /// Claims by their app's bundle id in code-point order (as `HandlerOrder` breaks ties),
    /// then in the order the app lists them. The world keeps apps in the order their
    /// manifests were named, so `uniform claims … -m B -m A` listed B's claim first and
    /// `-m A -m B` A's: the same repository gave two reports (`ReportDeterminismTests`).
    static func ordered(_ references: [ClaimReference], in world: World) -> [ClaimReference] {
        references.enumerated().sorted { a, b in
            let x = world.apps[a.element.app].bundleID, y = world.apps[b.element.app].bundleID
            return x == y ? a.offset < b.offset : x.utf8.lexicographicallyPrecedes(y.utf8)
        }.map(\.element)
    }
}
