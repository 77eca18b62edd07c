import UniformCore
import XCTest

/// All 56 real manifests in one world: every claimed extension and identifier resolves, and
/// the answers keep the resolver's invariants.
final class RealWorldTests: XCTestCase {
    func loadWorld() throws -> (World, ManifestLoader.Result) {
        let directory = try Fixtures.shared("realworld/plists")
        let loaded = ManifestLoader().load([directory])
        return (World(manifests: loaded.manifests), loaded)
    }

    func testAllManifestsLoad() throws {
        let (world, loaded) = try loadWorld()
        XCTAssertEqual(loaded.errors.map(\.description), [])
        XCTAssertEqual(loaded.manifests.count, 56)
        XCTAssertEqual(world.apps.count, 56)
        XCTAssertEqual(world.apps.map(\.claims.count).reduce(0, +), 750, "750 document types (realworld README)")
        XCTAssertEqual(world.apps.map(\.exportedTypes.count).reduce(0, +), 284)
        XCTAssertEqual(world.apps.map(\.importedTypes.count).reduce(0, +), 402)
        XCTAssertTrue(
            world.findings.contains { $0.rule == "conformance-cycle" && $0.subject == "public.plain-text" },
            "MacVim/iVim")
        // iina's empty slot sits in its .mka entry: the message points at the type meant.
        let empty = world.findings.first { $0.rule == "empty-identifier" && $0.location?.file.contains("iina") == true }
        XCTAssertTrue(
            empty?.message.contains("this entry's CFBundleTypeExtensions (.mka)") == true,
            "\(String(describing: empty))")
    }

    func testEveryClaimResolvesWithInvariants() throws {
        let (world, _) = try loadWorld()
        let resolver = Resolver(world: world)
        var targets = Set<String>()
        for app in world.apps {
            for claim in app.claims {
                claim.extensions.forEach { targets.insert(".\($0.value)") }
                claim.contentTypes.forEach { targets.insert("uti:\($0.value)") }
                claim.mimeTypes.forEach { targets.insert("mime:\($0.value)") }
            }
            for declaration in app.declarations {
                targets.insert("uti:\(declaration.identifier)")
                declaration.tags(ofClass: TagClass.filenameExtension).forEach { targets.insert(".\($0)") }
            }
        }
        XCTAssertGreaterThan(targets.count, 800)
        var resolvedWithHandlers = 0
        for text in targets.sorted() {
            let query = Query(target: Target.parse(text, graph: world.graph, fileExists: { _ in false }), text: text)
            let a = try resolver.resolve(query)
            let b = try resolver.resolve(query)
            XCTAssertEqual(a.handlers.map(\.bundleID), b.handlers.map(\.bundleID), "deterministic: \(text)")
            XCTAssertEqual(Set(a.handlers.map(\.bundleID)).count, a.handlers.count, "no app twice: \(text)")
            XCTAssertTrue(Set(a.handlers.map(\.bundleID)).isDisjoint(with: a.excluded.map(\.bundleID)), "\(text)")
            if let d = a.defaultHandler {
                XCTAssertEqual(d, a.handlers.first?.bundleID)
                XCTAssertNotEqual(
                    a.handlers.first?.match, .wildcard, "a default only with a non-wildcard candidate: \(text)")
            } else if let first = a.handlers.first {
                XCTAssertEqual(first.match, .wildcard, "\(text)")
            }
            for c in a.handlers + [] {
                XCTAssertFalse(c.claim.file.isEmpty)
                XCTAssertNotNil(c.claim.line, "claim location for \(c.bundleID) on \(text)")
                XCTAssertFalse(c.reasons.isEmpty)
            }
            for (x, y) in zip(a.handlers, a.handlers.dropFirst()) {
                let kx = (x.match.specificity, x.distance, x.rank.order),
                    ky = (y.match.specificity, y.distance, y.rank.order)
                XCTAssertTrue(
                    kx < ky || (kx == ky && x.bundleID < y.bundleID),
                    "order \(text): \(x.bundleID) before \(y.bundleID)")
            }
            if !a.handlers.isEmpty { resolvedWithHandlers += 1 }
        }
        XCTAssertGreaterThan(resolvedWithHandlers, 700)
    }

    func testPdbIsClaimedByMoleculesAndLibreOffice() throws {
        let (world, _) = try loadWorld()
        let r = try Resolver(world: world).resolve(Query(target: .fileExtension("pdb")))
        XCTAssertEqual(r.type.identifier, "com.sunsetlakesoftware.molecules.pdb")
        XCTAssertTrue(r.type.alternatives.map { world.graph.identifier($0) }.contains("org.libreoffice.pdb-document"))
        XCTAssertEqual(r.defaultHandler, r.handlers.first?.bundleID)
        XCTAssertTrue(world.app(r.handlers[0].bundleID)!.file.contains("BradLarson__Molecules__"))
    }
}
