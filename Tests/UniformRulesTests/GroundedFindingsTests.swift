import Foundation
import UniformCore
import UniformRules
import XCTest

/// A finding that states a consequence ("no longer open in this app", "resolves to", "the
/// lookup picks", "typed as … instead of", "becomes their default") must agree with the answer
/// `resolve` and `claims` give in the same run. Every standard rule runs over every manifest
/// and repository the tests hold (the real corpus in `../shared`, the frozen holdout set, the
/// examples), and each such finding is checked against the resolver of each platform world its
/// app is in. A contradiction fails: the rule says something uniform itself does not answer.
final class GroundedFindingsTests: XCTestCase {
    private static let packageRoot = SchemaValidator.packageRoot

    /// Each input as a team runs it: a manifest on its own, a repository from its root.
    private func inputs() -> [(name: String, directory: String, paths: [String])] {
        let fm = FileManager.default
        var list: [(String, String, [String])] = []
        let shared = Self.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld")
        let holdout = Self.packageRoot.appendingPathComponent("Tests/UniformCLITests/Holdout")
        for folder in [shared.appendingPathComponent("plists"), holdout.appendingPathComponent("plists")] {
            for file in (try? fm.contentsOfDirectory(atPath: folder.path))?.sorted() ?? [] {
                list.append((file, folder.path, [folder.appendingPathComponent(file).path]))
            }
        }
        for folder in [
            shared.appendingPathComponent("xcode"), holdout.appendingPathComponent("repos"),
            Self.packageRoot.appendingPathComponent("examples"),
        ] {
            for name in (try? fm.contentsOfDirectory(atPath: folder.path))?.sorted() ?? [] {
                var isDirectory: ObjCBool = false
                let path = folder.appendingPathComponent(name).path
                if fm.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    list.append((name, path, []))
                }
            }
        }
        return list
    }

    func testEveryConsequenceAFindingStatesIsTheResolversAnswer() throws {
        let all = inputs()
        XCTAssertGreaterThan(all.count, 60, "the corpora are missing: place ../shared beside the package")
        var contradictions: [String] = []
        var checked: [String: Int] = [:]
        for input in all {
            var options = SessionOptions(directory: input.directory)
            options.repository.paths = input.paths
            options.standardRules = true
            options.repository.tolerateBrokenManifests = true
            let session: Session
            do { session = try Session.open(options, output: { _ in }) } catch {
                contradictions.append("\(input.name): cannot be loaded: \(error)")
                continue
            }
            let engine = session.engine
            let findings = session.checkedFindings()
            let apps = engine.world.apps
            for finding in findings {
                guard let file = finding.location?.file else { continue }
                let mine = apps.filter { $0.file == file }
                let worlds = Set(mine.map(\.platform)).sorted { $0.rawValue < $1.rawValue }.map {
                    (platform: $0, world: engine.world(for: $0))
                }
                func fail(_ why: String) {
                    contradictions.append(
                        "\(input.name): \(finding.rule) at \(file):\(finding.location?.line ?? 0): \(why)\n  \(finding.message)"
                    )
                }
                func handlers(_ tag: String, _ platform: Platform) -> [Candidate] {
                    let graph = engine.world(for: platform).graph
                    let target = Target.parse(
                        tag, graph: graph, fileExists: { _ in false }, isDirectory: { _ in false })
                    let query = Query(target: target, role: .all, text: tag, platform: platform)
                    return (try? engine.resolve(query).handlers) ?? []
                }
                func winner(_ tag: String, in world: World) -> String? {
                    guard let parsed = ClaimTag.parse(tag) else { return nil }
                    return ClaimMap(tag: parsed.tag, tagClass: parsed.tagClass, world: world).winner
                }
                switch finding.rule {
                case "shadowed-legacy-keys":
                    checked[finding.rule, default: 0] += 1
                    guard let lost = Self.capture(#"and (.+?) (?:is|are) not covered by its types"#, finding.message)
                    else {
                        fail("message does not list what is lost")
                        continue
                    }
                    let catchAll = finding.message.contains("only through its catch-all claim")
                    for tag in lost.components(separatedBy: ", ") where tag != "…" {
                        for (platform, _) in worlds {
                            // A package claim is about folders of that name as well.
                            let targets = tag.hasPrefix(".") ? [tag, "dir:x" + tag] : [tag]
                            let mineHere = targets.flatMap { handlers($0, platform) }.filter { c in
                                mine.contains { $0.bundleID == c.bundleID }
                            }
                            let flat = handlers(tag, platform).filter { c in mine.contains { $0.bundleID == c.bundleID }
                            }
                            if flat.contains(where: { $0.match != .wildcard }) {
                                fail("\(tag) still opens in the app on \(platform) (resolve)")
                            }
                            if catchAll, mineHere.isEmpty {
                                fail("\(tag) does not reach the app at all on \(platform)")
                            }
                            if !catchAll, !mineHere.isEmpty {
                                fail("\(tag) reaches the app through a catch-all on \(platform)")
                            }
                        }
                    }
                case "export-loses-extension", "extension-claimed-by-several-types":
                    checked[finding.rule, default: 0] += 1
                    let pattern =
                        finding.rule == "export-loses-extension"
                        ? #"resolves to '([^']+)'"# : #"the lookup picks (\S+)$"#
                    guard let subject = finding.subject, let tag = subject.split(separator: " ").last,
                        let named = Self.capture(pattern, finding.message)
                    else {
                        fail("no tag or winner in the finding")
                        continue
                    }
                    if !worlds.contains(where: { winner(String(tag), in: $0.world)?.lowercased() == named.lowercased() }
                    ) {
                        fail("claims \(tag) says \(worlds.map { winner(String(tag), in: $0.world) ?? "nothing" })")
                    }
                case "type-takeover":
                    checked[finding.rule, default: 0] += 1
                    guard let subject = finding.subject, let space = subject.lastIndex(of: " ") else {
                        fail("no type and tag in the subject")
                        continue
                    }
                    let id = String(subject[..<space]), tag = String(subject[subject.index(after: space)...])
                    let loser = Self.capture(#"instead of .*?'([^']+)', which"#, finding.message)
                    let holds = worlds.contains { platform, world in
                        guard let parsed = ClaimTag.parse(tag) else { return false }
                        let map = ClaimMap(tag: parsed.tag, tagClass: parsed.tagClass, world: world)
                        guard map.winner?.lowercased() == id.lowercased() else { return false }
                        guard map.entries.contains(where: { !$0.wins && $0.identifier == loser }) else { return false }
                        if let becomes = Self.capture(#": (\S+) becomes their default app"#, finding.message) {
                            return handlers(tag, platform).first?.bundleID == becomes
                        }
                        return true
                    }
                    if !holds { fail("claims \(tag) does not give it to \(id) over \(loser ?? "?")") }
                case "import-loses-extension":
                    checked[finding.rule, default: 0] += 1
                    guard let id = finding.subject else { continue }
                    let pairs = Self.captures(#"'(\.[^']+)' → '([^']+)'"#, finding.message)
                    if pairs.isEmpty && !finding.message.contains("matches no file name") {
                        fail("no extension → type pairs")
                    }
                    for pair in pairs {
                        let holds = worlds.contains {
                            winner(pair[0], in: $0.world)?.lowercased() == pair[1].lowercased()
                        }
                        if !holds || pair[1].lowercased() == id.lowercased() {
                            fail("\(pair[0]) is not typed as \(pair[1])")
                        }
                        if finding.message.contains("do not open in this app") {
                            for (platform, _) in worlds
                            where handlers(pair[0], platform).contains(where: { c in
                                c.match != .wildcard && mine.contains { $0.bundleID == c.bundleID }
                            }) {
                                fail("\(pair[0]) opens in the app on \(platform)")
                            }
                        }
                    }
                case "undeclared-type":
                    checked[finding.rule, default: 0] += 1
                    guard let id = finding.subject?.components(separatedBy: " -> ").last else { continue }
                    for (_, world) in worlds where world.graph.id(of: id).map(world.graph.isDeclared) == true {
                        fail("\(id) is declared")
                    }
                default: break
                }
            }
        }
        print(
            "grounded findings checked: \(checked.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
        XCTAssertGreaterThan(checked["shadowed-legacy-keys", default: 0], 10, "the corpora hold such findings")
        XCTAssertGreaterThan(checked["type-takeover", default: 0], 0)
        XCTAssertEqual(
            contradictions, [], "findings that contradict the resolver:\n" + contradictions.joined(separator: "\n"))
    }

    private static func capture(_ pattern: String, _ text: String) -> String? {
        captures(pattern, text).first?.first
    }

    private static func captures(_ pattern: String, _ text: String) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
    }
}
