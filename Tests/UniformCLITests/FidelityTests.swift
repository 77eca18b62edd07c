import Foundation
import UniformCore
import XCTest

/// Facts about real macOS and iOS, each from a public source (`Fidelity/facts.tsv`; the sources
/// are discussed in `docs/notes/launch-services-sources.md`), checked against the `uniform`
/// binary. Where the tool disagrees today, `Fidelity/known-gaps.tsv` says why (a version the
/// catalog does not cover, typing by platform not done yet, …): a disagreement not listed there
/// fails, and so does a listed one that has started to agree, so the list only shrinks.
///
/// Rows whose note starts with `env:` depend on the apps installed on the machine that showed
/// them; they are counted, not checked.
final class FidelityTests: XCTestCase {
    struct Fact: Hashable {
        var kind, platform, input, expected, source, note: String
        var key: String { [kind, platform, input, expected].joined(separator: "\t") }
    }

    static let folder = CLI.packageRoot.appendingPathComponent("Tests/UniformCLITests/Fidelity")

    static func facts() throws -> [Fact] {
        let text = try String(contentsOf: folder.appendingPathComponent("facts.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 6 else { return nil }
            return Fact(kind: f[0], platform: f[1], input: f[2], expected: f[3], source: f[4], note: f[5])
        }
    }

    /// `kind platform input expected` → why the tool answers otherwise today.
    static func knownGaps() throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent("known-gaps.tsv"), encoding: .utf8)
        var gaps: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("kind\t") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 6 else { continue }
            gaps[f[0..<4].joined(separator: "\t")] = f[5]
        }
        return gaps
    }

    /// `--platform`/`--os` for a fact: `macos15` is that release's system types on its
    /// platform, `macos` the newest release, `both` every platform.
    static func platformArguments(_ fact: Fact) -> [String] {
        if fact.platform == "both" { return [] }
        return OSRelease(fact.platform).map { ["--platform", $0.platform.rawValue, "--os", $0.name] }
            ?? ["--platform", fact.platform]
    }

    /// The `uniform type … --format json` a fact is answered from, if it is one: conformance on
    /// one platform reads the type's `supertypes` (many facts ask about one type's tree).
    static func typeQuery(_ fact: Fact) -> [String]? {
        let target: String
        switch fact.kind {
        case "ext-type": target = "ext:" + fact.input
        case "mime-type": target = "mime:" + fact.input
        case "dir-type": target = "dir:" + fact.input
        case "type-ext", "type-mime": target = "uti:" + fact.input
        case "conforms" where fact.platform != "both":
            target = "uti:" + (fact.input.split(separator: " ").first.map(String.init) ?? "")
        default: return nil
        }
        return ["type", target, "--format", "json"] + platformArguments(fact)
    }

    /// What the tool answers for a fact, in the fact's own terms; `typed` holds the answers of
    /// the `typeQuery`s, run once each.
    static func answer(_ fact: Fact, typed: [[String]: [String: Any]], in directory: URL) throws -> String {
        func tag(_ json: [String: Any], _ tagClass: String) -> String {
            (json["tags"] as? [String: [String]])?[tagClass]?.first ?? "(none)"
        }
        if let query = typeQuery(fact) {
            let json = typed[query] ?? ["identifier": "the CLI could not be run"]
            switch fact.kind {
            case "type-ext": return tag(json, TagClass.filenameExtension)
            case "type-mime": return tag(json, TagClass.mimeType)
            case "conforms":
                guard let supertypes = json["supertypes"] as? [String] else { return "\(json["identifier"] ?? "?")" }
                let wanted = fact.input.split(separator: " ").last.map(String.init) ?? ""
                return supertypes.contains { $0.caseInsensitiveCompare(wanted) == .orderedSame } ? "yes" : "no"
            default: return json["identifier"] as? String ?? "?"
            }
        }
        switch fact.kind {
        case "conforms":
            // With no platform: `conforms` holds only where every platform agrees.
            let parts = fact.input.split(separator: " ").map(String.init)
            let run = try CLI.run(["conforms", "uti:" + parts[0], parts[1]], in: directory)
            return run.status == 0 ? "yes" : run.status == 1 ? "no" : "exit \(run.status)"
        case "dyn-decode":
            let run = try CLI.run(["type", fact.input, "--format", "json"], in: directory)
            guard run.status == 0, (try CLI.json(run.stdout))["dynamic"] as? Bool == true else { return "not dynamic" }
            return DynamicIdentifier(decoding: fact.input)?.payload ?? "does not decode"
        case "dyn-encode":
            // The payload's identifier: decode the expected one, check it says the payload, and
            // that encoding gives it back.
            guard let decoded = DynamicIdentifier(decoding: fact.expected), decoded.payload == fact.input else {
                return "different payload"
            }
            return decoded.identifier
        default:
            return "unknown kind \(fact.kind)"
        }
    }

    func testFactsFromPublicSourcesAgreeOrAreKnownGaps() throws {
        let facts = try Self.facts()
        let gaps = try Self.knownGaps()
        XCTAssertGreaterThanOrEqual(facts.count, 600)
        XCTAssertTrue(facts.allSatisfy { !$0.source.isEmpty }, "every fact names its source")
        let directory = try CLI.temporaryDirectory() // no manifests: the system catalog alone
        defer { try? FileManager.default.removeItem(at: directory) }

        // One fresh `uniform` per question, as a user runs it, several at a time; a type's
        // answer serves every fact about it (its tags, its conformance tree).
        let checkable = facts.filter { !$0.note.hasPrefix("env:") }
        let queries = Array(Set(checkable.compactMap(Self.typeQuery)))
        let results = CLI.concurrently(queries.count) { i -> [String: Any] in
            guard let run = try? CLI.run(queries[i], in: directory) else { return [:] }
            guard run.status == 0 else { return ["identifier": "exit \(run.status): \(run.stderr.prefix(120))"] }
            return (try? CLI.json(run.stdout)) ?? [:]
        }
        let typed = Dictionary(uniqueKeysWithValues: zip(queries, results))
        let answers = CLI.concurrently(checkable.count) { i in
            (try? Self.answer(checkable[i], typed: typed, in: directory)) ?? "the CLI could not be run"
        }
        var checked = 0, agreed = 0, unexpected: [String] = [], healed: [String] = []
        for (i, fact) in checkable.enumerated() {
            checked += 1
            let got = answers[i]
            let agrees = got.caseInsensitiveCompare(fact.expected) == .orderedSame
            if agrees { agreed += 1 }
            switch (agrees, gaps[fact.key]) {
            case (false, nil): unexpected.append("\(fact.key)\tgot \(got)\t(\(fact.source))")
            case (true, .some): healed.append(fact.key)
            default: break
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 500)
        // Issue 29: at least 97% of the checked facts agree (known gaps count as disagreeing).
        XCTAssertGreaterThanOrEqual(Double(agreed), 0.97 * Double(checked), "\(agreed) of \(checked) agree")
        XCTAssertEqual(unexpected, [], "disagreements not in known-gaps.tsv")
        XCTAssertEqual(healed, [], "these agree now: remove them from known-gaps.tsv")
        let listedButAbsent = Set(gaps.keys).subtracting(facts.map(\.key))
        XCTAssertEqual(listedButAbsent, [], "known gaps that match no fact")
        print(
            "fidelity: \(agreed) of \(checked) checked facts agree (\(facts.count - checked) depend on installed apps)")
    }
}
