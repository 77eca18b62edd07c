import Foundation
import UniformCore
import UniformLua
import UniformRules
import XCTest

/// "Did you mean" for type identifiers, through `uniform.similar_types` as the rules call it,
/// against the system catalog alone. `SimilarTypes.tsv` holds real identifiers from real
/// Info.plists: misspellings of declared types, and genuine identifiers the catalog does not
/// declare, which must get no suggestion (`public.mp4` once got `public.mp2`, `public.opml`
/// `public.html`).
final class SimilarTypesTests: XCTestCase {
    struct Row {
        let kind: String, id: String, expected: String, line: Int
    }

    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("SimilarTypes.tsv")

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: table, encoding: .utf8)
        var rows: [Row] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix("kind\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(fields.count, 5, "SimilarTypes.tsv:\(n + 1)")
            guard fields.count == 5 else { continue }
            XCTAssertTrue(["typo", "real", "unclear"].contains(fields[0]), "SimilarTypes.tsv:\(n + 1)")
            XCTAssertFalse(fields[3].isEmpty, "SimilarTypes.tsv:\(n + 1) names no source")
            rows.append(Row(kind: fields[0], id: unescape(fields[1]), expected: fields[2], line: n + 1))
        }
        return rows
    }

    /// `\u{XXXX}` is a character, `\\` a backslash.
    static func unescape(_ s: String) -> String {
        var out = "", rest = Substring(s)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            rest = rest[rest.index(after: slash)...]
            if rest.hasPrefix("\\") {
                out += "\\"
                rest = rest.dropFirst()
            } else if rest.hasPrefix("u{"), let close = rest.firstIndex(of: "}"),
                let code = UInt32(rest[rest.index(rest.startIndex, offsetBy: 2)..<close], radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                out.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: close)...]
            } else {
                out += "\\"
            }
        }
        return out + rest
    }

    /// A Lua string literal of any bytes.
    static func lua(_ s: String) -> String {
        "\"" + s.utf8.map { "\\\($0)" }.joined() + "\""
    }

    func suggestions(_ ids: [String], manifests: [Manifest] = []) throws -> [[String]] {
        let engine = RuleEngine(inputs: WorldInputs(manifests: manifests), output: { _ in })
        let script = """
            local out = {}
            for i, id in ipairs({\(ids.map(Self.lua).joined(separator: ","))}) do
              out[i] = table.concat(uniform.similar_types(id), "\\n")
            end
            return table.concat(out, "\\0")
            """
        let result = try engine.state.run(script, chunkName: "similar.lua").first?.stringValue ?? ""
        return result.split(separator: "\0", omittingEmptySubsequences: false).map {
            $0.isEmpty ? [] : $0.split(separator: "\n").map(String.init)
        }
    }

    func testTheRealWorldTable() throws {
        let rows = try Self.rows()
        let typos = rows.filter { $0.kind == "typo" }, genuine = rows.filter { $0.kind != "typo" }
        XCTAssertGreaterThanOrEqual(typos.count, 40)
        XCTAssertGreaterThanOrEqual(genuine.count, 40)
        let got = try suggestions(rows.map(\.id))
        XCTAssertEqual(got.count, rows.count)
        for (row, list) in zip(rows, got) {
            XCTAssertEqual(
                list.first ?? "", row.expected, "SimilarTypes.tsv:\(row.line) \(row.id.debugDescription): \(list)")
        }
        // Precision: every suggestion made for a typo is the right one, and no genuine
        // identifier gets one.
        let right = zip(rows, got).filter {
            $0.0.kind == "typo" && !$0.0.expected.isEmpty && $0.1.first == $0.0.expected
        }
        XCTAssertEqual(right.count, typos.filter { !$0.expected.isEmpty }.count)
        XCTAssertTrue(zip(rows, got).allSatisfy { $0.0.kind == "typo" || $0.1.isEmpty })
    }

    func testTheIdentifierItselfInAnyCaseIsNeverSuggested() throws {
        XCTAssertEqual(try suggestions(["public.plain-text", "Public.Plain-Text", "com.adobe.PDF"]), [[], [], []])
    }

    func testPunctuationCaseAndSpacingAlone() throws {
        XCTAssertEqual(
            try suggestions(["public.plain_text", "public.plaintext", "Public.Plain_Text ", "PUBLIC.MPEG4"]).map(
                \.first),
            ["public.plain-text", "public.plain-text", "public.plain-text", "public.mpeg-4"])
    }

    func testSlipsInOneWordKeepTheOtherWords() throws {
        let got = try suggestions([
            "public.jpge", "public.plain-txt", "public.movies", "public.tif", "pubilc.plain-text",
            "public.utf8-plain-txt",
        ])
        XCTAssertEqual(
            got.map(\.first),
            [
                "public.jpeg", "public.plain-text", "public.movie", "public.tiff", "public.plain-text",
                "public.utf8-plain-text",
            ])
    }

    /// One or two edits that make another word are not typos: another digit, another short
    /// word, a letter changed in a short word, a vowel at the end, another vendor.
    func testNearIdentifiersThatNameSomethingElse() throws {
        let got = try suggestions([
            "public.mp4-audio", "public.utf32-plain-text", "public.opml", "public.iso-image", "public.heifs",
            "com.microsoft.windows-media-wmx", "com.bittorrent.torrent", "public.toml", "public.webm-video",
        ])
        XCTAssertEqual(got, Array(repeating: [], count: 9), "\(got)")
    }

    func testKnownAliasesAndExtensions() throws {
        let got = try suggestions([
            "public.jpg", "public.mp4", "public.gif", "public.zip", "public.yml", "com.microsoft.word.docx",
            "com.microsoft.excel.xlsx", "com.microsoft.powerpoint.pptx", "public.text-plain", "public.markdown",
            "public.png-image", "com.apple.m4a",
        ])
        XCTAssertEqual(
            got.map(\.first),
            [
                "public.jpeg", "public.mpeg-4", "com.compuserve.gif", "public.zip-archive", "public.yaml",
                "org.openxmlformats.wordprocessingml.document", "org.openxmlformats.spreadsheetml.sheet",
                "org.openxmlformats.presentationml.presentation", "public.plain-text", "net.daringfireball.markdown",
                "public.png", "com.apple.m4a-audio",
            ])
    }

    /// An alias whose target nothing declares suggests nothing; the extension rule reads only the
    /// system catalog's types, not an app's.
    func testTargetsMustBeDeclared() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let loaded = ManifestLoader().load([root.appendingPathComponent("examples/molecules/apps").path])
        let got = try suggestions(
            ["public.pdb", "com.sunsetlakesoftware.molecule.pdb", "org.sunsetlakesoftware.molecules.pdb"],
            manifests: loaded.manifests)
        XCTAssertEqual(got, [[], ["com.sunsetlakesoftware.molecules.pdb"], []], "\(got)")
    }

    func testOrderIsTheSameEveryRun() throws {
        let ids = ["public.mpeg-4-audio ", "public.mpeg4", "public.jpge"]
        let first = try suggestions(ids)
        XCTAssertEqual(first[0], ["public.mpeg-4-audio", "public.mpeg-4"])
        for _ in 0..<3 { XCTAssertEqual(try suggestions(ids), first) }
    }
}
