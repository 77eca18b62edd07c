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

    /// What the tool answers for a fact, in the fact's own terms.
    static func answer(_ fact: Fact, in directory: URL) throws -> String {
        // `macos15`: that release's system types, on its platform; `macos`: the newest release.
        let platform =
            fact.platform == "both"
            ? []
            : OSRelease(fact.platform).map { ["--platform", $0.platform.rawValue, "--os", $0.name] }
                ?? ["--platform", fact.platform]
        func typeJSON(_ target: String) throws -> [String: Any] {
            let run = try CLI.run(["type", target, "--format", "json"] + platform, in: directory)
            guard run.status == 0 else { return ["identifier": "exit \(run.status): \(run.stderr.prefix(120))"] }
            return try CLI.json(run.stdout)
        }
        func tag(_ json: [String: Any], _ tagClass: String) -> String {
            (json["tags"] as? [String: [String]])?[tagClass]?.first ?? "(none)"
        }
        switch fact.kind {
        case "ext-type": return try typeJSON("ext:" + fact.input)["identifier"] as? String ?? "?"
        case "mime-type": return try typeJSON("mime:" + fact.input)["identifier"] as? String ?? "?"
        case "dir-type": return try typeJSON("dir:" + fact.input)["identifier"] as? String ?? "?"
        case "type-ext": return tag(try typeJSON("uti:" + fact.input), TagClass.filenameExtension)
        case "type-mime": return tag(try typeJSON("uti:" + fact.input), TagClass.mimeType)
        case "conforms":
            let parts = fact.input.split(separator: " ").map(String.init)
            let run = try CLI.run(["conforms", "uti:" + parts[0], parts[1]] + platform, in: directory)
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

        // One process per fact, several at a time (each is a fresh `uniform`, as a user runs it).
        let checkable = facts.filter { !$0.note.hasPrefix("env:") }
        let answers = CLI.concurrently(checkable.count) { i in
            (try? Self.answer(checkable[i], in: directory)) ?? "the CLI could not be run"
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
