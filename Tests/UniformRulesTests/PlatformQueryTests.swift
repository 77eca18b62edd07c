import Foundation
import UniformCore
import UniformLua
import UniformRules
import XCTest

/// Issue 30: each platform is its own world in Lua too. With apps of both platforms, every
/// world query answers for one platform (the option, the configuration's, the running check's,
/// the only one) or says how to choose; policies never see Mac and iOS apps in one list.
final class PlatformQueryTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("UniformCLITests/TwoPlatforms")

    /// Two Mac apps and two iOS apps claiming `.opml`, with the fixture's `pairs` pinning policy.
    func engine(platform: PlatformFilter = .all, rules: String? = nil) throws -> RuleEngine {
        let loaded = ManifestLoader().load([Self.fixture.appendingPathComponent("apps").path])
        XCTAssertTrue(loaded.errors.isEmpty, "\(loaded.errors)")
        let engine = RuleEngine(inputs: WorldInputs(manifests: loaded.manifests, platform: platform), output: { _ in })
        try engine.load(
            file: Self.fixture.appendingPathComponent("rules/mobile-first.lua").path,
            chunkName: "rules/mobile-first.lua")
        if let rules { try engine.load(source: rules, chunkName: "rules/test.lua") }
        return engine
    }

    func strings(_ engine: RuleEngine, _ lua: String) throws -> [String] {
        try engine.state.run(lua, chunkName: "q.lua").map { $0.stringValue ?? $0.intValue.map(String.init) ?? "\($0)" }
    }

    func testQueriesAnswerForThePlatformAsked() throws {
        let e = try engine()
        XCTAssertEqual(e.platformsInPlay, [.ios, .macos])
        XCTAssertEqual(
            try strings(
                e,
                """
                local mac = uniform.resolve(".opml", { platform = "macos" })
                local ios = uniform.resolve(".opml", { platform = "ios" })
                local ids = {}
                for _, h in ipairs(mac.handlers) do ids[#ids + 1] = h.bundle_id end
                return mac.default, table.concat(ids, " "), mac.query.platform, ios.default, ios.query.platform,
                  #uniform.claims(".opml", { platform = "ios" }).types[1].claimed_by
                """),
            [
                "com.ranchero.NetNewsWire-Evergreen", "com.ranchero.NetNewsWire-Evergreen com.vienna-rss.Vienna",
                "macos", "com.ranchero.NetNewsWire-iOS", "ios", "2",
            ])
    }

    /// The issue's case: a policy pinning by `pairs` saw one merged list and put the iOS app
    /// first on macOS. Each call now gets one platform's apps, and `q.platform` says which.
    func testPoliciesRunPerPlatformAndNeverSeeAMergedList() throws {
        let e = try engine()
        let sections = try e.resolutionSections(
            Query(target: .tag(tagClass: TagClass.filenameExtension, tag: "opml"), text: ".opml"), platform: nil)
        XCTAssertEqual(sections.answers.map(\.platform), [.ios, .macos])
        XCTAssertEqual(
            sections.answers.map(\.answer.resolution.defaultHandler),
            [
                "com.ranchero.NetNewsWire-iOS", "com.ranchero.NetNewsWire-Evergreen",
            ])
        guard case .table(let seen) = e.state.globals["seen"] else { return XCTFail("the policy ran") }
        XCTAssertEqual(
            seen.arrayValues()?.compactMap(\.stringValue),
            [
                "ios: com.example.feeds com.ranchero.NetNewsWire-iOS",
                "macos: com.ranchero.NetNewsWire-Evergreen com.vienna-rss.Vienna",
            ])
        // Hide rules get the platform too.
        let hidden = try engine(
            rules: """
                uniform.hide(function(q, c) return q.platform == "ios" and c.bundle_id == "com.example.feeds", "not on iOS" end)
                """)
        XCTAssertEqual(
            try strings(hidden, "return #uniform.resolve('.opml', { platform = 'ios' }).handlers"), ["1"])
    }

    /// The whole world of both platforms, asked through the library's own resolver, is refused
    /// by the first policy rather than ranked as one list.
    func testAPolicyRefusesAMergedList() throws {
        let e = try engine()
        let query = Query(target: .tag(tagClass: TagClass.filenameExtension, tag: "opml"), text: ".opml")
        XCTAssertThrowsError(try e.resolver.resolve(query)) {
            XCTAssertTrue(
                "\($0)".contains(
                    "rules/mobile-first.lua:6: policy 'mobile first' was asked to rank apps of both platforms at once"),
                "\($0)")
        }
        XCTAssertEqual(try e.resolver(policies: false).resolve(query).handlers.count, 4, "Launch Services alone")
        let hides = try engine(rules: "uniform.hide(function() return false end)")
        XCTAssertThrowsError(try hides.resolver.resolve(query)) {
            XCTAssertTrue(
                "\($0)".contains("rules/test.lua:1: hide rule was asked about apps of both platforms"), "\($0)")
        }
    }

    /// With both platforms and none chosen, a query is an error at the rule's line that says how to choose.
    func testAQueryWithoutAPlatformInAWorldOfBothSaysHowToChoose() throws {
        let e = try engine()
        for (call, example) in [
            ("uniform.resolve('.opml')", #"uniform.resolve(".opml", { platform = "ios" })"#),
            ("uniform.type('.opml')", #"uniform.type(".opml", { platform = "ios" })"#),
            ("uniform.explain('Subscriptions.opml')", #"uniform.explain("Subscriptions.opml", { platform = "ios" })"#),
            ("uniform.claims('.opml')", #"uniform.claims(".opml", { platform = "ios" })"#),
            ("uniform.conforms('.opml', 'public.xml')", "{ platform = \"ios\" }"),
            ("uniform.is_declared('org.opml.opml')", "{ platform = \"ios\" }"),
            ("uniform.exposure { type = 'org.opml.opml', inside = {} }", "platform = \"ios\""),
            ("uniform.supertypes('.opml')", "{ platform = \"ios\" }"),
            ("uniform.tags('.opml')", "{ platform = \"ios\" }"),
            ("uniform.lookup { extension = 'opml' }", "platform = \"ios\""),
            ("uniform.declarations()", "{ platform = \"ios\" }"),
            ("uniform.similar_types('org.opml.opm')", "{ platform = \"ios\" }"),
        ] {
            XCTAssertThrowsError(try e.load(source: "\n\nlocal x = \(call)", chunkName: "rules/ask.lua"), call) {
                error in
                let text = "\(error)"
                XCTAssertTrue(text.hasPrefix("rules/ask.lua:3: "), text)
                XCTAssertTrue(text.contains("the world has apps of iOS and macOS, each its own world; say which"), text)
                XCTAssertTrue(text.contains(example), text)
            }
        }
        XCTAssertThrowsError(try e.load(source: "uniform.type('.opml', { platform = 'macOS' })", chunkName: "r.lua")) {
            XCTAssertTrue(
                "\($0)".contains("'platform' must be ios or macos, got 'macOS' (did you mean macos?)"), "\($0)")
        }
    }

    /// The configuration's platform, the running check's and the only one present all choose.
    func testTheConfigurationTheRunAndTheOnlyPlatformChoose() throws {
        let mac = try engine(platform: .macos)
        XCTAssertEqual(
            try strings(mac, "return uniform.resolve('.opml').default"), ["com.ranchero.NetNewsWire-Evergreen"])
        let checked = try engine(
            rules: """
                uniform.check { id = "acme.default", run = function(report)
                  local r = uniform.resolve(".opml")
                  report { severity = "note", subject = r.query.platform, message = r.default .. " " .. uniform.type(".opml").id }
                end }
                """)
        XCTAssertEqual(
            checked.runChecks().filter { $0.rule == "acme.default" }.map(\.message).sorted(),
            ["com.ranchero.NetNewsWire-Evergreen org.opml.opml", "com.ranchero.NetNewsWire-iOS org.opml.opml"])
        let loaded = ManifestLoader().load([Self.fixture.appendingPathComponent("apps/Vienna").path])
        let one = RuleEngine(inputs: WorldInputs(manifests: loaded.manifests), output: { _ in })
        XCTAssertEqual(try strings(one, "return uniform.resolve('.opml').query.platform"), ["macos"])
    }

    func testExplainTakesPlatformAndPolicies() throws {
        let e = try engine()
        let text = try strings(
            e,
            """
            return uniform.explain("Subscriptions.opml", { platform = "macos" }),
              uniform.explain("Subscriptions.opml", { platform = "ios", policies = false })
            """)
        XCTAssertTrue(text[0].contains("default: com.ranchero.NetNewsWire-Evergreen"), text[0])
        XCTAssertFalse(text[0].contains("NetNewsWire-iOS"), text[0])
        XCTAssertTrue(text[1].contains("default: com.ranchero.NetNewsWire-iOS"), text[1])
        XCTAssertFalse(text[1].contains("pinned"), text[1])
        XCTAssertThrowsError(try e.load(source: "uniform.explain('.opml', { platfrom = 'ios' })", chunkName: "r.lua")) {
            XCTAssertTrue("\($0)".contains("unknown field 'platfrom' (did you mean 'platform'?)"), "\($0)")
        }
    }

    /// A hand-off happens on one device: the receiver's when the world has both.
    func testSendAnswersOnTheReceiversPlatform() throws {
        let e = try engine()
        XCTAssertEqual(
            try strings(
                e,
                """
                local r = uniform.send { file = "Subscriptions.opml", from = "com.example.feeds", to = "com.ranchero.NetNewsWire-iOS" }
                return r.platform, tostring(r.accepted)
                """), ["ios", "true"])
    }
}
