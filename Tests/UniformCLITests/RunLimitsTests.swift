import Foundation
import XCTest

/// A pull request's `.uniform.lua` cannot give its rules more than the ceiling (it once could ask
/// for 100 GB and a billion seconds), and per-call limits add up to no more than the run's time
/// budget (200 checks that each loop to their deadline once meant half an hour).
final class RunLimitsTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try CLI.temporaryDirectory()
        try TestManifest.write(
            TestManifest.app("com.acme.app", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func testConfigurationCannotRaiseLimitsAboveTheCeiling() throws {
        try TestManifest.write(
            "return { manifests = { \"App\" }, limits = { instructions = 1e18, memory_mb = 100000, seconds = 0 } }\n",
            to: dir, ".uniform.lua")
        let run = try CLI.run(["check", "--format", "json"], in: dir)
        let findings = (try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []).filter {
            $0["rule"] as? String == "config.limits-capped"
        }
        let messages = findings.compactMap { $0["message"] as? String }
        XCTAssertEqual(messages.count, 3, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("memory_mb = 100000 lowered to 1024") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("seconds = 0 (no limit) lowered to 60") }, "\(messages)")
        XCTAssertTrue(findings.allSatisfy { $0["file"] as? String == ".uniform.lua" }, "\(findings)")

        let allowed = try CLI.run(["check", "--allow-limits", "--format", "json"], in: dir)
        XCTAssertFalse(allowed.stdout.contains("config.limits-capped"), "the command line lifts the ceiling")
        // Lowering is always allowed.
        try TestManifest.write(
            "return { manifests = { \"App\" }, limits = { instructions = 1e6, memory_mb = 16, seconds = 1 } }\n",
            to: dir, ".uniform.lua")
        XCTAssertFalse(try CLI.run(["check"], in: dir).stdout.contains("config.limits-capped"))
    }

    func testTheRunHasOneTimeBudgetAcrossChecks() throws {
        // Five checks that each spin to their own 2-second deadline: 10 s without a run budget.
        var rules = ""
        for i in 1...5 { rules += "uniform.check { id = \"spin-\(i)\", run = function() while true do end end }\n" }
        try TestManifest.write(rules, to: dir, "rules/spin.lua")
        try TestManifest.write(
            "return { manifests = { \"App\" }, rules = { \"rules/spin.lua\" }, limits = { instructions = 1e9, seconds = 2 } }\n",
            to: dir, ".uniform.lua")
        let start = Date()
        let run = try CLI.run(["check", "--max-run-time", "1"], in: dir)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("run time budget exceeded"), run.stdout)
        XCTAssertLessThan(elapsed, 6, "the run stops near its budget, not after five deadlines")
    }

    /// A tree of coroutines, each swallowing errors with pcall, ran past the instruction limit,
    /// the per-call deadline and `--max-run-time` (over 120 s): each thread ran too few
    /// instructions for its count hook, and a trip was sticky only in the thread that tripped.
    func testACoroutineTreeStopsAtTheRunBudget() throws {
        try TestManifest.write(
            """
            uniform.check { id = "tree", run = function()
              local function node(d)
                if d == 0 then return end
                pcall(coroutine.resume, coroutine.create(node), d - 1)
                pcall(coroutine.wrap(node), d - 1)
              end
              node(40)
            end }
            """, to: dir, "rules/tree.lua")
        try TestManifest.write(
            "return { manifests = { \"App\" }, rules = { \"rules/tree.lua\" }, limits = { instructions = 1e9, seconds = 60 } }\n",
            to: dir, ".uniform.lua")
        let start = Date()
        let run = try CLI.run(["check", "--max-run-time", "1"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains("check 'tree' failed") && run.stdout.contains("run time budget exceeded"), run.stdout)
    }

    /// Host calls are charged to the run: a loop of `uniform.apps()` on a large world ran 79 s of
    /// a 20 s budget, its time spent in Swift where no count hook fires (here a million host
    /// calls in one `gsub`, without a single instruction between them), and every check after
    /// the budget still made a hook interval's worth of host calls.
    func testALoopOfHostCallsStopsAtTheRunBudget() throws {
        var rules =
            "uniform.check { id = \"host-0\", run = function() return ('x'):rep(1e6):gsub('.', uniform.explain) end }\n"
        for i in 1...39 {
            rules +=
                "uniform.check { id = \"host-\(i)\", run = function() while true do uniform.declarations { catalog = true } end end }\n"
        }
        try TestManifest.write(rules, to: dir, "rules/host.lua")
        try TestManifest.write(
            "return { manifests = { \"App\" }, rules = { \"rules/host.lua\" }, limits = { instructions = 1e9, seconds = 60 } }\n",
            to: dir, ".uniform.lua")
        let start = Date()
        let run = try CLI.run(["check", "--max-run-time", "1", "--format", "json"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        let errors = (try CLI.json(run.stdout)["findings"] as? [[String: Any]] ?? []).filter {
            $0["rule"] as? String == "rule-error"
        }.compactMap { $0["message"] as? String }
        XCTAssertEqual(errors.count, 40, "\(errors)")
        XCTAssertTrue(errors.allSatisfy { $0.contains("run time budget exceeded") }, "\(errors)")
        XCTAssertTrue(
            errors.contains { $0.contains("check 'host-0'") && $0.contains("while running uniform.explain") },
            "\(errors)")
    }

    /// A route that called `uniform.send` again recursed until the C stack ran out, every level
    /// wrapping the error of the next with its traceback: 176 MB on standard error.
    func testARouteThatSendsAgainFailsWithOneShortError() throws {
        // Routes run in iOS's Open In (a Mac hand-off has no annotation): both apps are iOS ones.
        let iOS = "<key>LSRequiresIPhoneOS</key><true/>"
        for (id, folder) in [("com.acme.app", "App"), ("com.acme.viewer", "Viewer")] {
            try TestManifest.write(
                TestManifest.app(id, claims: ["public.plain-text"], header: iOS), to: dir, "\(folder)/Info.plist")
        }
        try TestManifest.write(
            "uniform.route('again', function(a, from, to) return uniform.send { file = 'notes.txt', from = from, to = to } end)\n",
            to: dir, "rules/route.lua")
        try TestManifest.write(
            "return { manifests = { \"App\", \"Viewer\" }, rules = { \"rules/route.lua\" } }\n", to: dir, ".uniform.lua"
        )
        let start = Date()
        let run = try CLI.run(["send", "notes.txt", "--from", "com.acme.app", "--to", "com.acme.viewer"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stderr.contains("rules/route.lua:1: uniform.send: a hand-off is already running"), run.stderr)
        XCTAssertLessThan(run.stderr.utf8.count, 2_000, run.stderr)
    }

    /// A route returning a 300,000-key table kept `send` busy for 28 s after the rule's own
    /// deadline (a quadratic JSON rendering, and a conversion nothing limited).
    func testAHugeAnnotationFromARouteIsRefusedQuickly() throws {
        // Routes run in iOS's Open In (a Mac hand-off has no annotation): both apps are iOS ones.
        let iOS = "<key>LSRequiresIPhoneOS</key><true/>"
        for (id, folder) in [("com.acme.app", "App"), ("com.acme.viewer", "Viewer")] {
            try TestManifest.write(
                TestManifest.app(id, claims: ["public.plain-text"], header: iOS), to: dir, "\(folder)/Info.plist")
        }
        try TestManifest.write(
            "uniform.route('big', function() local t = {} for i = 1, 300000 do t['k' .. i] = i end return t end)\n",
            to: dir, "rules/route.lua")
        try TestManifest.write(
            "return { manifests = { \"App\", \"Viewer\" }, rules = { \"rules/route.lua\" } }\n", to: dir, ".uniform.lua"
        )
        let start = Date()
        let run = try CLI.run(["send", "notes.txt", "--from", "com.acme.app", "--to", "com.acme.viewer"], in: dir)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "rules/route.lua:1: routing rule returned an invalid annotation: more than 50000 values"), run.stderr)
    }
}
