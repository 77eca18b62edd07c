import Foundation
import UniformCore
import UniformLua
import XCTest

@testable import UniformRules

/// Records handed to rules are strict: a field the record's kind does not have is an error at
/// the rule's line with the nearest name (issue 30: `q.typ` read nil and a policy never fired),
/// while a field the kind has but this record lacks still reads nil.
final class StrictRecordTests: XCTestCase {
    func engine(rules: String = "") throws -> RuleEngine {
        let apps = RuleEngineTests.root.appendingPathComponent("examples/molecules/apps").path
        let engine = RuleEngine(
            inputs: WorldInputs(manifests: ManifestLoader().load([apps]).manifests), output: { _ in })
        try engine.load(source: rules, chunkName: "rules/test.lua")
        return engine
    }

    /// The message a rule line gets for reading `field` of the record `expression` makes.
    func error(_ engine: RuleEngine, _ expression: String, _ field: String) throws -> String {
        let values = try engine.state.run(
            """
            local record = \(expression)
            local ok, message = pcall(function() return record.\(field) end)
            return ok, message
            """, chunkName: "rules/probe.lua")
        XCTAssertEqual(values.first, .boolean(false), "\(expression).\(field) must raise")
        return values.dropFirst().first?.stringValue ?? ""
    }

    func testEveryKindOfRecordRefusesAnUnknownFieldWithTheNearestName() throws {
        let e = try engine()
        let cases: [(String, String, String)] = [
            ("uniform.resolve('.pdb')", "defualt", "resolution has no field 'defualt'; did you mean 'default'?"),
            ("uniform.resolve('.pdb').query", "typ", "query has no field 'typ'; did you mean 'type'?"),
            (
                "uniform.resolve('.pdb').handlers[1]", "bundleid",
                "candidate has no field 'bundleid'; did you mean 'bundle_id'?"
            ),
            ("uniform.resolve('.pdb').type", "supertype", "type has no field 'supertype'; did you mean 'supertypes'?"),
            ("uniform.apps()[1]", "platfrom", "app has no field 'platfrom'; did you mean 'platform'?"),
            ("uniform.apps()[1].claims[1]", "extention", "claim has no field 'extention'; did you mean 'extension"),
            ("uniform.apps()[1].location", "lines", "location has no field 'lines'; did you mean 'line'?"),
            ("uniform.declarations()[1]", "parent", "declaration has no field 'parent'; did you mean 'parents'?"),
            ("uniform.team()", "suites", "team has no field 'suites'; did you mean 'suite'?"),
            ("uniform.claims('.pdb')", "winer", "claim map has no field 'winer'; did you mean 'winner'?"),
            ("uniform.claims('.pdb').types[1]", "win", "claiming type has no field 'win'; did you mean 'wins'?"),
            ("uniform.dyn.decode(uniform.dyn.encode('extension', 'zz'))", "payloads", "did you mean 'payload'?"),
            ("uniform.exposure{ type = 'public.data' }", "wildcards", "exposure has no field 'wildcards'"),
        ]
        for (expression, field, expected) in cases {
            let message = try error(e, expression, field)
            XCTAssertTrue(message.hasPrefix("rules/probe.lua:2: "), "at the reading line: \(message)")
            XCTAssertTrue(message.contains(expected), "\(expression).\(field): \(message)")
        }
        // Nothing near: the fields are listed instead.
        XCTAssertTrue(
            try error(e, "uniform.resolve('.pdb')", "zzzzqqq").contains(
                "(its fields: default, excluded, handlers, notes, previewable, previewed_by, query, type)"))
    }

    func testAFieldTheKindHasReadsNilWhenThisRecordLacksIt() throws {
        let e = try engine()
        let values = try e.state.run(
            """
            local r = uniform.resolve('.pdb')
            local n = 0
            for _ in ipairs(r.handlers) do n = n + 1 end
            for _ in ipairs(r) do n = n + 100 end
            return r.query.from, r.query[1], n, getmetatable(r), pcall(setmetatable, r, {})
            """, chunkName: "rules/probe.lua")
        XCTAssertEqual(values[0], .nil)
        XCTAssertEqual(values[1], .nil, "a key that is no name reads nil (ipairs asks for [1])")
        XCTAssertGreaterThan(values[2].intValue ?? 0, 0)
        XCTAssertLessThan(values[2].intValue ?? 0, 100)
        XCTAssertEqual(values[3], .boolean(false), "the shared metatable is out of a rule's reach")
        XCTAssertEqual(values[4], .boolean(false))
    }

    func testPolicyHideAndRouteRecordsAreStrictAtTheRulesLine() throws {
        let policy = try engine(
            rules: """
                uniform.policy("typo", function(q, candidates)
                  if q.typ == "org.example" then candidates:pin(candidates[1].bundle_id) end
                end)
                """)
        XCTAssertThrowsError(try policy.resolve(Query(target: .fileExtension("pdb"), text: ".pdb"))) { error in
            XCTAssertTrue(
                "\(error)".contains("rules/test.lua:2: query has no field 'typ'; did you mean 'type'?"), "\(error)")
        }
        let candidate = try engine(
            rules: """
                uniform.policy("typo", function(_, candidates)
                  return candidates[1].rnak
                end)
                """)
        XCTAssertThrowsError(try candidate.resolve(Query(target: .fileExtension("pdb"), text: ".pdb"))) { error in
            XCTAssertTrue(
                "\(error)".contains("rules/test.lua:2: candidate has no field 'rnak'; did you mean 'rank'?"), "\(error)"
            )
        }
        let hide = try engine(
            rules: """
                uniform.hide(function(q, c) return c.bundle == q.type end)
                """)
        XCTAssertThrowsError(try hide.resolve(Query(target: .fileExtension("pdb"), text: ".pdb"))) { error in
            XCTAssertTrue("\(error)".contains("candidate has no field 'bundle'"), "\(error)")
        }
    }

    /// The kinds' field lists and the editor definitions (`rules/uniform.d.lua`) name the same
    /// fields: a field documented but missing from a kind would raise where it should read nil.
    func testTheKindsMatchTheEditorDefinitions() throws {
        let text = try String(
            contentsOf: RuleEngineTests.root.appendingPathComponent("rules/uniform.d.lua"), encoding: .utf8)
        var classes: [String: Set<String>] = [:]
        var parents: [String: String] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("---@class uniform.") {
                let declared = line.dropFirst("---@class uniform.".count).split(separator: ":")
                current = declared[0].trimmingCharacters(in: .whitespaces)
                if declared.count > 1 {
                    parents[current!] = declared[1].trimmingCharacters(in: .whitespaces).replacingOccurrences(
                        of: "uniform.", with: "")
                }
                classes[current!] = []
            } else if line.hasPrefix("---@field "), let current {
                let name = line.dropFirst("---@field ".count).split(separator: " ")[0]
                guard !name.hasPrefix("[") else { continue }
                classes[current]!.insert(String(name.hasSuffix("?") ? name.dropLast() : name))
            } else if !line.hasPrefix("---") {
                current = nil
            }
        }
        func fields(_ name: String) -> Set<String> {
            (classes[name] ?? []).union(parents[name].map(fields) ?? [])
        }
        let documented: [RecordKind: String] = [
            .location: "Location", .app: "App", .claim: "Claim", .declaration: "Declaration", .type: "Type",
            .candidate: "Candidate", .exclusion: "Exclusion", .query: "Query", .resolution: "Resolution",
            .finding: "Finding", .handoff: "SendResult", .exposed: "ExposureEntry", .exposure: "Exposure",
            .document: "RouteDocument", .dynamicIdentifier: "DynamicDecoded", .claimingApp: "ClaimingApp",
            .claimingType: "ClaimEntry", .claimMap: "ClaimMap",
        ]
        for kind in RecordKind.allCases where kind != .team {
            let name = try XCTUnwrap(documented[kind], "\(kind) has a class in uniform.d.lua")
            // A claim entry is a declaration without `uniform.declarations()`'s verdict (it has `wins`).
            let expected = kind == .claimingType ? fields(name).subtracting(["winner"]) : fields(name)
            XCTAssertEqual(Set(kind.fields), expected, "uniform.\(name) and RecordKind.\(kind)")
        }
    }
}
