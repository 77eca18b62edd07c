import Foundation
import UniformCore

/// `digest DIR… [--queries N]`: everything a world built from the manifests under DIR says —
/// types, declarations, parents, closures, tag lookups, claims, findings and a resolve per
/// declared type's preferred extension — as text, to compare a change to the world's
/// construction with the version before it (`diff` of the two outputs).
enum WorldDigest {
    static func print(_ paths: [String], queries limit: Int) {
        let loaded = ManifestLoader().load(paths)
        let world = World(manifests: loaded.manifests)
        let graph = world.graph
        var out = ""
        out.reserveCapacity(1 << 24)
        func line(_ s: String) {
            out += s
            out += "\n"
        }
        line("apps \(world.apps.count) types \(graph.count) findings \(world.findings.count)")
        for id in graph.allIDs {
            var s =
                "T\(id.raw) \(graph.identifier(id)) declared=\(graph.isDeclared(id)) wildcard=\(graph.isWildcard(id))"
            if let d = graph.declaration(id) { s += " winner=\(d.location) \(d.provenance)" }
            s += " decls=[" + graph.declarations(id).map { "\($0.location)" }.joined(separator: ",") + "]"
            s += " parents=[" + graph.parents(id).map { String($0.raw) }.joined(separator: ",") + "]"
            s +=
                " super=["
                + graph.supertypes(id).map { "\($0.id.raw)/\($0.distance)/\($0.via.map { String($0.raw) } ?? "-")" }
                .joined(separator: ",") + "]"
            s += " claims=[" + world.claims(of: id).map { "\($0.app).\($0.claim)" }.joined(separator: ",") + "]"
            line(s)
            if let d = graph.declaration(id) {
                for list in d.tags {
                    for tag in list.tags {
                        line(
                            "  tag \(list.tagClass) \(tag) → "
                                + graph.types(withTag: tag, ofClass: list.tagClass).map { String($0.raw) }.joined(
                                    separator: ",")
                                + " legacy="
                                + world.legacyClaims(tag: tag, ofClass: list.tagClass).map { "\($0.app).\($0.claim)" }
                                .joined(separator: ","))
                    }
                }
            }
        }
        let anchors = ["public.data", "public.text", "public.image", "public.content", "com.apple.package"].compactMap {
            graph.id(of: $0)
        }
        for id in graph.allIDs {
            line("C\(id.raw) " + anchors.map { graph.conforms(id, to: $0) ? "1" : "0" }.joined())
        }
        for f in world.findings {
            line("F \(f.rule) \(f.severity) \(f.location.map { "\($0)" } ?? "-") \(f.subject ?? "-") \(f.message)")
        }
        let resolver = Resolver(world: world)
        var n = 0
        for id in graph.allIDs where graph.isDeclared(id) && n < limit {
            guard let ext = graph.preferredTag(id, ofClass: TagClass.filenameExtension) else { continue }
            n += 1
            guard let r = try? resolver.resolve(Query(target: .fileExtension(ext))) else {
                line("R .\(ext) error")
                continue
            }
            line(
                "R .\(ext) "
                    + r.handlers.map { "\($0.bundleID):\($0.match):\($0.distance):\($0.claimedType)" }.joined(
                        separator: ",")
                    + " | " + r.excluded.map { $0.bundleID }.joined(separator: ","))
        }
        FileHandle.standardOutput.write(out.data(using: .utf8)!)
    }
}
