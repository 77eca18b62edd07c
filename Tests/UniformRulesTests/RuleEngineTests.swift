import Foundation
import UniformCore
import UniformLua
import UniformPlist
import UniformRules
import XCTest

/// The `uniform` Lua API over the core: declarations, policies, hide rules, routes, checks.
final class RuleEngineTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func engine(
        _ example: String = "molecules/apps", rules: String? = nil, file: String = "rules/test.lua"
    ) throws -> RuleEngine {
        let loaded = ManifestLoader().load([Self.root.appendingPathComponent("examples/\(example)").path])
        XCTAssertTrue(loaded.errors.isEmpty)
        let engine = RuleEngine(inputs: WorldInputs(manifests: loaded.manifests), output: { _ in })
        if let rules { try engine.load(source: rules, chunkName: file) }
        return engine
    }

    func resolve(_ engine: RuleEngine, _ target: String, platform: Platform? = nil) throws -> Resolution {
        try engine.resolve(
            Query(
                target: Target.parse(target, graph: engine.world.graph, fileExists: { _ in false }), text: target,
                platform: platform))
    }

    func testExportedTypeAndSyntheticAppChangeTheWorld() throws {
        let e = try engine(
            rules: """
                uniform.export { id = "com.acme.trace", conforms_to = { "public.data" }, extensions = { "trace" }, description = "Trace" }
                uniform.declare_app { id = "com.acme.viewer", claims = { { types = { "com.acme.trace" }, role = "Viewer", rank = "Owner" } } }
                """)
        // The synthetic app is a Mac app (the default) beside the iOS apps: asked on macOS.
        XCTAssertThrowsError(try resolve(e, "run.trace")) {
            XCTAssertTrue("\($0)".contains("the world has apps of iOS and macOS"), "\($0)")
        }
        let r = try resolve(e, "run.trace", platform: .macos)
        XCTAssertEqual(r.type.identifier, "com.acme.trace")
        XCTAssertEqual(r.handlers.first?.bundleID, "com.acme.viewer")
        XCTAssertEqual(r.handlers.first?.claim.file, "rules/test.lua")
        XCTAssertEqual(r.handlers.first?.claim.line, 2)
        XCTAssertEqual(e.world.graph.declaration(e.world.graph.id(of: "com.acme.trace")!)?.location.line, 1)
    }

    func testPolicyReordersDropsAndPinsWithLocations() throws {
        let e = try engine(
            rules: """
                uniform.policy("lab", function(query, candidates)
                  if query.type ~= "com.sunsetlakesoftware.molecules.pdb" then return end
                  candidates:drop("com.harborlabs.filebox", "generic file managers are not approved")
                  candidates:pin("com.brightleafapps.textpad", "the lab edits PDB files as text")
                end)
                """)
        let r = try resolve(e, ".pdb")
        XCTAssertEqual(r.handlers.map(\.bundleID), ["com.brightleafapps.textpad", "com.sunsetlakesoftware.molecules"])
        XCTAssertEqual(r.defaultHandler, "com.brightleafapps.textpad")
        XCTAssertTrue(r.handlers[0].isPinned)
        XCTAssertEqual(r.handlers[0].touches.first?.location.line, 4)
        let dropped = try XCTUnwrap(r.excluded.first { $0.bundleID == "com.harborlabs.filebox" })
        XCTAssertTrue(dropped.reason.contains("not approved"))
        XCTAssertEqual(dropped.touches.last?.location, SourceLocation(file: "rules/test.lua", line: 3))
        XCTAssertTrue(r.handlers[1].touches.contains { $0.action.description.hasPrefix("moved from #") })
        let txt = try resolve(e, ".txt")
        XCTAssertEqual(
            txt.handlers.map(\.bundleID), ["com.brightleafapps.textpad", "com.harborlabs.filebox"],
            "the policy only touches pdb")
    }

    func testPoliciesMayNotAddOrDropSilently() throws {
        let adds = try engine(
            rules: """
                uniform.policy("adds", function(q, c) local t = c:ids(); t[#t + 1] = "com.evil"; return t end)
                """)
        XCTAssertThrowsError(try resolve(adds, ".pdb")) { error in
            XCTAssertTrue("\(error)".contains("never add"), "\(error)")
            XCTAssertTrue("\(error)".contains("rules/test.lua:1"), "\(error)")
        }
        let silent = try engine(
            rules: """
                uniform.policy("silent", function(q, c) table.remove(c, 1) end)
                """)
        XCTAssertThrowsError(try resolve(silent, ".pdb")) {
            XCTAssertTrue("\($0)".contains("without a reason"), "\($0)")
        }
    }

    func testHideRuleRestrictsATypeToASuite() throws {
        let e = try engine(
            rules: """
                uniform.hide { type = "com.sunsetlakesoftware.molecules.pdb", only = { "com.sunsetlakesoftware.*" }, reason = "lab data stays in the lab" }
                """)
        let r = try resolve(e, ".pdb")
        XCTAssertEqual(r.handlers.map(\.bundleID), ["com.sunsetlakesoftware.molecules"])
        XCTAssertTrue(
            r.excluded.contains {
                $0.bundleID == "com.brightleafapps.textpad" && $0.reason.contains("lab data stays in the lab")
            })
        let exposure = try Exposure.compute(
            types: ["com.sunsetlakesoftware.molecules.pdb"], inside: ["com.sunsetlakesoftware.*"], resolver: e.resolver)
        XCTAssertTrue(exposure.exposed.isEmpty)
    }

    func testRoutingStripsKeysAndRefusesOutsiders() throws {
        let e = try engine(
            "sysstats/apps",
            rules: """
                uniform.route(function(annotation, from, to, document)
                  if not to:match("^jp%.example%.sysstats%.") then return uniform.refuse("annotations stay inside the suite") end
                  annotation.sessionToken = nil
                  return annotation
                end)
                """)
        let annotation = try PlistReader.read(
            contentsOf: Self.root.appendingPathComponent("examples/sysstats/annotation.plist").path
        ).root
        let sent = try e.send(
            HandoffRequest(
                file: "Dashboard.sysstatsbookmark", from: "jp.example.sysstats.lite", to: "jp.example.sysstats.monitor",
                annotation: annotation))
        XCTAssertTrue(sent.accepted)
        guard case .dictionary(let delivered)? = sent.annotation?.value else { return XCTFail("no annotation") }
        XCTAssertNil(delivered["sessionToken"])
        XCTAssertNotNil(delivered["bookmarkTitle"])
        XCTAssertEqual(sent.touches.first?.action, .changedAnnotation)
        let refused = try e.send(
            HandoffRequest(
                file: "Dashboard.sysstatsbookmark", from: "jp.example.sysstats.lite", to: "com.cloudharbor.filesync",
                annotation: annotation))
        XCTAssertFalse(refused.accepted)
        XCTAssertTrue(refused.reason!.contains("annotations stay inside the suite"))
    }

    /// A route (or a policy a hand-off runs) that calls `uniform.send` again recursed until the
    /// C stack ran out, every level wrapping the error of the next with its traceback: 176 MB on
    /// standard error. The nested send is refused, once, and the error is not wrapped again.
    func testANestedSendIsRefusedWithOneShortError() throws {
        let request = HandoffRequest(
            file: "Dashboard.sysstatsbookmark", from: "jp.example.sysstats.lite", to: "jp.example.sysstats.monitor")
        let again = "uniform.send { file = 'x.sysstatsbookmark', from = from, to = to }"
        for rules in [
            "uniform.route(function(annotation, from, to) return \(again) end)",
            """
            local from, to = "jp.example.sysstats.lite", "jp.example.sysstats.monitor"
            uniform.policy("sends", function(query, candidates) \(again) end)
            """,
        ] {
            let e = try engine("sysstats/apps", rules: rules, file: "rules/again.lua")
            XCTAssertThrowsError(try e.send(request)) { error in
                let message = (error as? RuleError)?.message ?? "\(error)"
                XCTAssertTrue(
                    message.hasPrefix("rules/again.lua:")
                        && message.hasSuffix(
                            ": uniform.send: a hand-off is already running (a routing rule, or a policy it runs, cannot send again)"
                        ), message)
                XCTAssertEqual(message.components(separatedBy: "rules/again.lua:").count, 2, message)
                XCTAssertLessThan("\(error)".utf8.count, 2_000)
            }
            // The engine is not left thinking a hand-off runs: a send from a rule file starts
            // one, and it is the one its rules start that is refused.
            XCTAssertThrowsError(
                try e.load(
                    source:
                        "uniform.send { file = 'x.sysstatsbookmark', from = '\(request.from)', to = '\(request.to)' }",
                    chunkName: "rules/later.lua")
            ) { error in
                XCTAssertTrue("\(error)".hasPrefix("rules/again.lua:"), "\(error)")
            }
        }
    }

    func testAnnotationConversionRejectsNonStringKeys() throws {
        let e = try engine(
            "sysstats/apps",
            rules: """
                uniform.route(function(a) return { [true] = 1 } end)
                """)
        XCTAssertThrowsError(
            try e.send(HandoffRequest(file: "a.sysstatsbookmark", from: "x", to: "jp.example.sysstats.monitor"))
        ) {
            XCTAssertTrue("\($0)".contains("string keys"), "\($0)")
        }
    }

    func testChecksReportFindingsWithLocationsAndConfiguration() throws {
        let e = try engine(
            rules: """
                uniform.check {
                  id = "needs-mime", severity = "warning", description = "Exported types declare a MIME type.",
                  run = function(report)
                    for _, app in ipairs(uniform.apps()) do
                      for _, d in ipairs(app.exports) do
                        if not d.tags["public.mime-type"] then report { at = d, subject = d.id, message = d.id .. " has no MIME type" } end
                      end
                    end
                    report("from the rule itself")
                  end,
                }
                """)
        let findings = e.runChecks().filter { $0.rule == "needs-mime" }
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.location?.file, "rules/test.lua")
        XCTAssertEqual(findings.first?.location?.line, 9)
        let relevelled = e.runChecks(options: CheckOptions(severities: ["needs-mime": .error])).filter {
            $0.rule == "needs-mime"
        }
        XCTAssertEqual(relevelled.first?.severity, .error)
        XCTAssertTrue(
            e.runChecks(options: CheckOptions(disabled: ["needs-mime"])).allSatisfy { $0.rule != "needs-mime" })
    }

    func testBrokenRulesNeverPassSilently() throws {
        XCTAssertThrowsError(try engine(rules: "uniform.export { id = 'x', conform_to = {} }")) { error in
            XCTAssertTrue("\(error)".contains("rules/test.lua:1"), "\(error)")
            XCTAssertTrue("\(error)".contains("did you mean 'conforms_to'"), "\(error)")
        }
        XCTAssertThrowsError(try engine(rules: "local x = \n  nil + 1", file: "rules/bad.lua")) {
            XCTAssertTrue("\($0)".hasPrefix("rules/bad.lua:2:"), "\($0)")
        }
        let looping = try engine(
            rules: """
                uniform.check { id = "spins", run = function() while true do end end }
                uniform.check { id = "bomb", run = function() local s = string.rep("x", 1e9) end }
                uniform.check { id = "escape", run = function() return io.open("/etc/passwd") end }
                """)
        looping.state.limits = LuaLimits(instructions: 5_000_000, deadlineSeconds: 5)
        let started = Date()
        let errors = looping.runChecks().filter { $0.rule == "rule-error" }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(Set(errors.compactMap(\.subject)), ["spins", "bomb", "escape"])
        XCTAssertTrue(errors.allSatisfy { $0.severity == .error && $0.location?.file == "rules/test.lua" })
    }

    func testQueriesFromLua() throws {
        let e = try engine()
        let results = try e.state.run(
            """
            local t = uniform.type(".pdb")
            local r = uniform.resolve("Structure.pdb")
            return t.id, t.supertypes[1], r.handlers[1].bundle_id, r.default, uniform.conforms(".pdb", "public.text"),
                   uniform.dyn.encode("extension", "xyz", "public.data"), uniform.dyn.decode("dyn.age81s3pcs34hk").tags["public.filename-extension"][1],
                   uniform.lookup { extension = "webvtt" }.id, #uniform.apps(), uniform.app("com.sunsetlakesoftware.molecules").claims[1].rank
            """, chunkName: "q.lua")
        XCTAssertEqual(
            results.map { "\($0.stringValue ?? $0.boolValue.map { "\($0)" } ?? $0.intValue.map { "\($0)" } ?? "nil")" },
            [
                "com.sunsetlakesoftware.molecules.pdb", "public.plain-text", "com.sunsetlakesoftware.molecules",
                "com.sunsetlakesoftware.molecules", "true",
                "dyn.ah62d4rv4ge81u8p4", "webvtt", "dyn.age81s3pcs34hk", "6", "Owner",
            ])
    }

    func testStandardRulesLoadAndCatchTheRealWorldDefects() throws {
        let plists = Self.root.deletingLastPathComponent().appendingPathComponent("shared/realworld/plists").path
        guard FileManager.default.fileExists(atPath: plists) else {
            throw XCTSkip("\(plists) is absent: place the shared data beside the package")
        }
        let loaded = ManifestLoader().load([plists])
        let e = RuleEngine(inputs: WorldInputs(manifests: loaded.manifests), output: { _ in })
        try e.loadStandardRules()
        let findings = e.runChecks()
        XCTAssertFalse(
            findings.contains { $0.rule == "rule-error" },
            findings.filter { $0.rule == "rule-error" }.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(
            findings.allSatisfy { $0.location?.file != nil && ($0.location?.line != nil || $0.location?.offset != nil) }
        )
        func has(_ rule: String, _ fragment: String) -> Bool {
            findings.contains {
                $0.rule == rule && ($0.message.contains(fragment) || ($0.subject ?? "").contains(fragment))
            }
        }
        XCTAssertTrue(has("misspelled-key", "LSTypeIsPackageLSTypeIsPackage"))
        XCTAssertTrue(has("misspelled-key", "UTITagTypeSpecification"))
        XCTAssertTrue(has("empty-identifier", "LSItemContentTypes"))
        XCTAssertTrue(has("undeclared-type", "com.bittorrent.torrent"))
        // VLC's identifier with an invisible U+200B; Transmission's Quick Look plug-in claiming
        // com.bittorrent.torrent is interop (other clients declare it), not a typo to correct.
        XCTAssertTrue(
            findings.contains {
                $0.rule == "undeclared-type" && $0.message.contains("did you mean 'com.microsoft.waveform-audio'")
            })
        XCTAssertFalse(
            findings.contains {
                $0.rule == "undeclared-type" && $0.message.contains("did you mean 'org.bittorrent.torrent'")
            })
        XCTAssertTrue(has("conformance-cycle", "public.plain-text"))
        XCTAssertTrue(has("foreign-export", "public."))
        XCTAssertTrue(has("missing-handler-rank", "LSHandlerRank"))
        XCTAssertTrue(
            has("foreign-export", "public.item") && !has("unbindable-export", "public.item"),
            "Apple's public.item exported by an app is foreign-export's, once")
    }
}
