import Foundation
import UniformCore
import UniformLua
import UniformRules
import XCTest

/// The records a policy is given: fields fetched on first read (and kept), the list read back
/// however the policy left it, and limits that name the policy rather than the host's driver.
final class PolicyCandidateTests: XCTestCase {
    func engine(rules: String, limits: LuaLimits = LuaLimits()) throws -> RuleEngine {
        let apps = RuleEngineTests.root.appendingPathComponent("examples/molecules/apps").path
        let engine = RuleEngine(
            inputs: WorldInputs(manifests: ManifestLoader().load([apps]).manifests), limits: limits, output: { _ in })
        try engine.load(source: rules, chunkName: "rules/test.lua")
        return engine
    }

    func resolve(_ engine: RuleEngine, _ target: String) throws -> Resolution {
        try engine.resolve(
            Query(target: Target.parse(target, graph: engine.world.graph, fileExists: { _ in false }), text: target))
    }

    func testRecordsCarryEveryFieldWhenReadEvenAfterThePolicyReturned() throws {
        let e = try engine(
            rules: """
                seen, count = {}, 0
                uniform.policy("look", function(query, candidates)
                  for k, v in pairs(candidates[1]) do seen[k] = v; count = count + 1 end
                  kept = candidates[#candidates]
                end)
                """)
        let r = try resolve(e, ".pdb")
        let first = try XCTUnwrap(r.handlers.first), last = try XCTUnwrap(r.handlers.last)
        let values = try e.state.run(
            """
            return count, seen.bundle_id, seen.rank, seen.role, seen.match, seen.distance, seen.claimed_type,
                   table.concat(seen.path, " > "), seen.claim.file, seen.claim.line, seen.reasons[1], seen.pinned,
                   kept.bundle_id, table.concat(kept.path, " > "), kept.reasons[1]
            """, chunkName: "check")
        XCTAssertEqual(values[0].intValue, first.appName == nil ? 11 : 12, "pairs sees every field")
        XCTAssertEqual(values[1].stringValue, first.bundleID)
        XCTAssertEqual(values[2].stringValue, first.rank.rawValue)
        XCTAssertEqual(values[3].stringValue, first.role.rawValue)
        XCTAssertEqual(values[4].stringValue, first.match.rawValue)
        XCTAssertEqual(values[5].intValue, Int64(first.distance))
        XCTAssertEqual(values[6].stringValue, first.claimedType)
        XCTAssertEqual(values[7].stringValue, first.path.joined(separator: " > "))
        XCTAssertEqual(values[8].stringValue, first.claim.file)
        XCTAssertEqual(values[9].intValue, first.claim.line.map(Int64.init))
        XCTAssertEqual(values[10].stringValue, first.reasons.first)
        XCTAssertEqual(values[11], .boolean(false))
        XCTAssertEqual(values[12].stringValue, last.bundleID, "a record kept past the policy still reads its fields")
        XCTAssertEqual(values[13].stringValue, last.path.joined(separator: " > "))
        XCTAssertEqual(values[14].stringValue, last.reasons.first)
    }

    func testPoliciesMayReturnBundleIDsOrRecordsInAnyOrder() throws {
        let reversed = try engine(
            rules: """
                uniform.policy("reverse", function(query, candidates)
                  local ids = candidates:ids()
                  local out = {}
                  for i = #ids, 1, -1 do out[#out + 1] = (i % 2 == 0) and ids[i] or candidates[i] end
                  return out
                end)
                """)
        let plain = try engine(rules: "")
        let before = try resolve(plain, ".pdb").handlers.map(\.bundleID)
        let after = try resolve(reversed, ".pdb")
        XCTAssertEqual(after.handlers.map(\.bundleID), before.reversed())
        XCTAssertTrue(
            after.handlers.dropFirst().contains {
                $0.touches.contains { if case .moved = $0.action { true } else { false } }
            })

        let twice = try engine(
            rules: """
                uniform.policy("twice", function(query, candidates) return { candidates[1], candidates[1].bundle_id } end)
                """)
        XCTAssertThrowsError(try resolve(twice, ".pdb")) {
            XCTAssertTrue("\($0)".contains("lists an app twice"), "\($0)")
        }
        let junk = try engine(
            rules: """
                uniform.policy("junk", function(query, candidates) return { 42 } end)
                """)
        XCTAssertThrowsError(try resolve(junk, ".pdb")) { XCTAssertTrue("\($0)".contains("not candidates"), "\($0)") }
        let foreign = try engine(
            rules: """
                uniform.policy("foreign", function(query, candidates) return { { bundle_id = "com.evil" } } end)
                """)
        XCTAssertThrowsError(try resolve(foreign, ".pdb")) {
            XCTAssertTrue("\($0)".contains("added com.evil"), "\($0)")
        }
    }

    /// The query is lazy as the records are: fields read on first use and kept, `pairs` sees
    /// them all, and keys that are not fields read nil (on records too, where `c[1]` used to
    /// raise an error from the host's fetch).
    func testTheQueryFetchesItsFieldsOnFirstRead() throws {
        let e = try engine(
            rules: """
                uniform.policy("look", function(query, candidates)
                  before = rawget(query, "type")
                  qtype, supers = query.type, table.concat(query.supertypes, " ")
                  after = rawget(query, "type")
                  names = {}
                  for k in pairs(query) do names[#names + 1] = k end
                  table.sort(names)
                  odd = { query[1], candidates[1][1], query[true] }
                  kept = query
                end)
                """)
        let r = try resolve(e, ".pdb")
        let values = try e.state.run(
            """
            return before, qtype, supers, after, table.concat(names, " "), #odd, kept.tag, kept.kind, kept.tag_class, kept.text, kept.from
            """, chunkName: "check")
        let graph = e.world.graph
        XCTAssertEqual(values[0], .nil, "not there until read")
        XCTAssertEqual(values[1].stringValue, r.type.identifier)
        XCTAssertEqual(
            values[2].stringValue,
            r.type.ancestors.filter { $0.id != r.type.id }.map { graph.identifier($0.id) }.joined(separator: " "))
        XCTAssertEqual(values[3].stringValue, r.type.identifier, "kept once read")
        // A key that is no field name and no string reads nil, as in any table.
        XCTAssertEqual(values[4].stringValue, "dynamic kind platform role supertypes tag tag_class text type")
        XCTAssertEqual(values[5].intValue, 0)
        XCTAssertEqual(values[6].stringValue, "pdb")
        XCTAssertEqual(values[7].stringValue, "extension")
        XCTAssertEqual(values[8].stringValue, "public.filename-extension")
        XCTAssertEqual(values[9].stringValue, ".pdb")
        XCTAssertEqual(values[10], .nil)

        let sent = try engine(
            rules: """
                uniform.policy("from", function(query, candidates) from, role = query.from, query.role end)
                """)
        _ = try sent.resolve(
            Query(target: .fileExtension("pdb"), role: .editor, from: "com.example.sender", text: ".pdb"))
        let seen = try sent.state.run("return from, role", chunkName: "check")
        XCTAssertEqual(seen, [.string("com.example.sender"), .string("editor")])
    }

    /// A list handed back as it was given — records, ids, a copy, or nothing returned — leaves
    /// the resolution untouched; a pin of the first candidate still counts.
    func testAListHandedBackAsGivenChangesNothingButAPinStillCounts() throws {
        let before = try resolve(try engine(rules: ""), ".pdb").handlers.map(\.bundleID)
        for body in [
            "return candidates:ids()", "return candidates",
            "local t = {} for i, c in ipairs(candidates) do t[i] = c end return t",
            "local _ = candidates[1].path", "candidates:move(candidates[1].bundle_id, 1)",
        ] {
            let e = try engine(rules: "uniform.policy('same', function(query, candidates) \(body) end)")
            let r = try resolve(e, ".pdb")
            XCTAssertEqual(r.handlers.map(\.bundleID), before, body)
            XCTAssertTrue(r.handlers.allSatisfy { $0.touches.isEmpty && !$0.isPinned }, body)
        }
        let pin = try engine(
            rules: """
                uniform.policy("pin-first", function(query, candidates) candidates:pin(candidates[1].bundle_id, "already first") end)
                """)
        let r = try resolve(pin, ".pdb")
        XCTAssertEqual(r.handlers.map(\.bundleID), before)
        XCTAssertTrue(r.handlers[0].isPinned)
        XCTAssertEqual(r.handlers[0].touches.map(\.action), [.pinned])
    }

    /// The records take their bundle ids from a per-world array: a new world (other inputs, in
    /// another order) must not see the old one's.
    func testRecordsFollowTheWorldWhenTheInputsChange() throws {
        let e = try engine(
            rules: """
                uniform.policy("ids", function(query, candidates) ids = candidates:ids() end)
                """)
        let apps = RuleEngineTests.root.appendingPathComponent("examples/molecules/apps").path
        let manifests = ManifestLoader().load([apps]).manifests
        for order in [manifests, manifests.reversed(), Array(manifests.dropFirst(2))] {
            e.replaceInputs(WorldInputs(manifests: order))
            let r = try resolve(e, ".txt")
            let seen = try e.state.run("return table.concat(ids, ' ')", chunkName: "check").first?.stringValue
            XCTAssertEqual(seen, r.handlers.map(\.bundleID).joined(separator: " "))
        }
    }

    /// The list's metatable is set by the host for every list, without the sandbox's check for
    /// `__gc`: rule code must not be able to reach it.
    func testTheListMetatableIsOutOfReach() throws {
        let e = try engine(
            rules: """
                uniform.policy("tamper", function(query, candidates)
                  local mt = getmetatable(candidates)
                  if type(mt) == "table" then mt.__gc = function() while true do end end end
                  seen = type(mt)
                end)
                """)
        _ = try resolve(e, ".pdb")
        _ = try resolve(e, ".txt")
        XCTAssertEqual(try e.state.run("return seen", chunkName: "check").first?.stringValue, "boolean")
    }

    func testARunawayPolicyIsNamedInTheLimitError() throws {
        var limits = LuaLimits()
        limits.instructions = 100_000
        let e = try engine(
            rules: """
                uniform.policy("spin", function(query, candidates)
                  while true do end
                end)
                """, limits: limits)
        XCTAssertThrowsError(try resolve(e, ".pdb")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("limit"), message)
            XCTAssertTrue(message.contains("rules/test.lua:2"), message)
            XCTAssertFalse(message.contains("uniform.prelude>"), "the driver is not what ran away: \(message)")
        }
        XCTAssertEqual(try resolve(try engine(rules: ""), ".pdb").handlers.isEmpty, false, "the next evaluation works")
    }
}
