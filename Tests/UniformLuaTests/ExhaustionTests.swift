import Foundation
import XCTest

@testable import UniformLua

/// Resource exhaustion: each attempt stops with an error naming the limit, in bounded time, and
/// the same state keeps working.
final class ExhaustionTests: XCTestCase {
    // Created per test and dropped in tearDown: XCTest keeps test-case instances alive until
    // exit, which LeakSanitizer would report.
    var state: LuaState!
    override func setUp() { state = makeState() }
    override func tearDown() { state = nil }

    func testInfiniteLoop() {
        let e = assertFails("local x = 0\nwhile true do x = x + 1 end", in: state, kind: .limit(.instructions))
        XCTAssertEqual(e?.location, LuaSourceLocation(file: "rules/attack.lua", line: 2))
        XCTAssertTrue(e?.message.contains("instruction limit exceeded") ?? false)
        XCTAssertTrue(e?.message.contains("main chunk") ?? false, e?.message ?? "")
        XCTAssertNotNil(e?.traceback)
    }

    func testInfiniteLoopInsidePcallLoop() {
        assertFails("while true do pcall(function() while true do end end) end", in: state, kind: .limit(.instructions))
    }

    func testXpcallHandlerCannotSwallow() {
        assertFails(
            """
            local function spin() while true do end end
            while true do xpcall(spin, function(m) return m end) end
            """, in: state, kind: .limit(.instructions))
    }

    func testDefaultLimitsStopBareLoopQuickly() {
        let s = LuaState()
        assertFails("while true do end", in: s, kind: .limit(.instructions), within: 3)
    }

    /// A literal search compares up to the needle's length at each start position: a 1M needle
    /// in a run of one letter took 22 s in one call when it was charged linearly.
    func testLiteralSearchIsChargedForItsWorstCase() {
        let setup = "local hay = string.rep('a', 1000000); local needle = string.rep('a', 500000) .. 'b'\n"
        assertFails(setup + "return hay:find(needle, 1, true)", in: state, contains: "too complex", within: 2)
        assertFails(setup + "return hay:find(needle)", in: state, contains: "too complex", within: 2)
        // Ordinary literal searches stay cheap.
        XCTAssertEqual(
            try state.run("return ('com.acme.app'):find('acme', 1, true)", chunkName: "ok.lua").first, .integer(5))
    }

    /// The REPL lifts the print budget after rule files ran: output that spent it at load time
    /// must not silence the REPL for good (a reviewer's finding on the stop flag).
    func testPrintWritesAgainOnceTheBudgetIsLifted() throws {
        var lines: [String] = []
        var limits = LuaLimits()
        limits.maxPrintBytes = 100
        let s = LuaState(limits: limits, printSink: { lines.append($0) })
        _ = try s.run("for i = 1, 10 do print(string.rep('x', 40)) end return true", chunkName: "rules/loud.lua")
        XCTAssertEqual(lines.filter { $0.hasPrefix("uniform: print stopped") }.count, 1)
        let before = lines.count
        _ = try s.run("print('still silent') return true", chunkName: "rules/loud.lua")
        XCTAssertEqual(lines.count, before, "the budget holds while it is set")
        var lifted = s.limits
        lifted.maxPrintBytes = 0
        s.limits = lifted
        _ = try s.run("print('hello again') return true", chunkName: "stdin")
        XCTAssertEqual(lines.last, "hello again")
        s.close()
    }

    /// `print` of a 16 MB string in a loop once wrote 6.75 GB in 10 s.
    func testPrintStopsAtItsBudget() throws {
        var written = 0, lines: [String] = []
        var limits = LuaLimits()
        limits.maxPrintBytes = 1 << 20
        let s = LuaState(
            limits: limits,
            printSink: {
                written += $0.utf8.count
                lines.append(String($0.prefix(80)))
            })
        let start = Date()
        _ = try s.run(
            "local big = string.rep('x', 1000000) for i = 1, 100000 do print(big) end return true",
            chunkName: "rules/attack.lua")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertLessThan(written, 2 << 20)
        XCTAssertEqual(lines.filter { $0.hasPrefix("uniform: print stopped") }.count, 1, "\(lines.count) lines")
        s.close()
    }

    func testStringRepHuge() {
        assertFails("return string.rep('x', 1e9)", in: state, kind: .runtime, contains: "exceeds the sandbox limit")
    }

    func testStringRepEmptyBillions() {
        assertFails("return ('').rep('', 3e9)", in: state, kind: .runtime, contains: "exceeds the sandbox limit")
        assertFails("return string.rep('', 1e9, '')", in: state, kind: .runtime, contains: "exceeds the sandbox limit")
    }

    func testPatternBacktrackingBomb() {
        assertFails(
            "return string.find(('a'):rep(2000), '.-.-b')", in: state, kind: .runtime, contains: "pattern too complex")
        assertFails(
            "return (('a'):rep(100)):find('.-.-.-.-b')", in: state, kind: .runtime, contains: "pattern too complex")
        assertFails(
            "return (('a'):rep(500)):gsub('(.-)%1*b', '')", in: state, kind: .runtime, contains: "pattern too complex")
    }

    /// The sandbox keeps the last pattern's shape: a pattern of the same length, or the same
    /// pattern on a longer subject, must still be judged on its own.
    func testPatternShapeIsNotReusedForAnotherPatternOrSubject() {
        XCTAssertEqual(eval("return ('aaaa'):find('.-.-b'), ('aaaa'):find('aaaab')", in: state), [.nil, .nil])
        assertFails(
            "return (('a'):rep(2000)):find('.-.-b')", in: state, kind: .runtime, contains: "pattern too complex")
        XCTAssertEqual(
            eval("return ('aaaa'):find('xx.-b'), ('ab'):find('a.-b')", in: state), [.nil, .integer(1), .integer(2)])
        assertFails(
            "return (('a'):rep(2000)):find('a.-.-b')", in: state, kind: .runtime, contains: "pattern too complex")
        let long = String(repeating: "x", count: 100)
        XCTAssertEqual(
            eval("return ('\(long)'):find('\(long).-y'), ('\(long)'):find('\(long)')", in: state),
            [.nil, .integer(1), .integer(100)])
    }

    /// Cheap calls of a wrapped library function read the clock only now and then; a loop of
    /// them still stops at the deadline.
    func testDeadlineStopsALoopOfCheapPatternCalls() {
        assertStopsAtTheDeadline("local s = 'com.acme.x' while true do s:find('^org%.') s:find('^org%.') end")
    }

    /// Host calls count: a loop of them spends its time in Swift, where no count hook fires, so
    /// it stopped only `hookInterval` instructions later (dozens of slow calls; a loop of
    /// `uniform.apps()` on a large world ran 79 s of a 20 s run budget). The deadlines are
    /// checked on every 8th host return (and any that made 4 KB of values).
    func testALoopOfSlowHostCallsStopsAtTheDeadline() {
        var l = testLimits
        l.instructions = 0
        l.deadlineSeconds = 0.2
        let s = makeState(l)
        var calls = 0
        let slow = s.makeFunction(name: "slow") { _ in
            calls += 1
            Thread.sleep(forTimeInterval: 0.05)
            return []
        }
        s.setGlobal("slow", .function(slow))
        let e = assertFails("while true do slow() end", in: s, kind: .limit(.deadline))
        XCTAssertTrue(e?.message.contains("deadline exceeded (0.2 s) while running slow") ?? false, e?.message ?? "")
        XCTAssertLessThanOrEqual(calls, 4 + 8, "eight calls past the deadline at most")
    }

    /// A host function that returns a large table is charged for it (one instruction per 8 bytes
    /// of Lua values made), so the budget bounds host work too.
    func testHostCallsAreChargedForTheValuesTheyMake() {
        var l = testLimits
        l.instructions = 1_000_000
        let s = makeState(l)
        var calls = 0
        let big = s.makeFunction(name: "big") { ctx in
            calls += 1
            return [.table(ctx.state!.makeTable(array: (0..<10_000).map { .integer(Int64($0)) }))]
        }
        s.setGlobal("big", .function(big))
        assertFails("for i = 1, 1e9 do pcall(big) end", in: s, kind: .limit(.instructions))
        XCTAssertLessThan(calls, 100, "uncharged, 1M instructions allowed 250,000 calls")
    }

    /// Once a limit trips, host functions refuse to run (their work is not the rule's to spend).
    func testAHostFunctionDoesNotRunAfterATrip() {
        var l = testLimits
        l.runDeadline = LuaLimits.now() - 1
        let s = makeState(l)
        var calls = 0
        let host = s.makeFunction(name: "host") { _ in
            calls += 1
            return []
        }
        XCTAssertThrowsError(try s.call(host)) {
            XCTAssertEqual(($0 as? LuaError)?.kind, .limit(.runTime), "\($0)")
            XCTAssertTrue(($0 as? LuaError)?.message.contains("while running host") ?? false, "\($0)")
        }
        XCTAssertEqual(calls, 0)
    }

    /// Runs `source` with no instruction limit and a 0.2 s deadline: it must fail with the
    /// deadline, well within 1.5 s.
    private func assertStopsAtTheDeadline(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        var l = testLimits
        l.instructions = 0
        l.deadlineSeconds = 0.2
        let s = makeState(l)
        let start = Date()
        assertFails(source, in: s, kind: .limit(.deadline), file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.5, file: file, line: line)
    }

    /// An argument error raised by the library function behind a sandbox wrapper names the
    /// function (it used to read `to '?'`).
    func testWrappedLibraryFunctionsNameThemselvesInErrors() {
        let e = assertFails("return string.find('x', 'a', {})", in: state, kind: .runtime)
        XCTAssertTrue(e?.message.contains("bad argument #3 to 'find'") ?? false, e?.message ?? "")
        let insert = assertFails("local t = {} table.insert(t, 1, 2, 3)", in: state, kind: .runtime)
        XCTAssertTrue(insert?.message.contains("wrong number of arguments to 'insert'") ?? false, insert?.message ?? "")
    }

    /// Lua's small blocks come from the state's own pool: growing and shrinking strings and
    /// tables across its size classes and beyond keeps every value intact, and the memory
    /// count comes back down once the garbage is collected.
    func testValuesSurviveGrowingAndShrinkingThroughEverySizeClass() {
        let before = state.memoryUsed
        XCTAssertEqual(
            eval(
                """
                local keep = {}
                for round = 1, 3 do
                  local t = {}
                  for i = 1, 600 do
                    t[i] = ('x'):rep(i % 300) .. i
                    local r = {}
                    for k = 1, i % 40 do r[k] = k; r['f' .. k] = i end
                    keep[i] = r
                  end
                  for i = 600, 1, -1 do assert(t[i] == ('x'):rep(i % 300) .. i) t[i] = nil end
                  for i = 1, 600 do
                    local r = keep[i]
                    for k = 1, i % 40 do assert(r[k] == k and r['f' .. k] == i) end
                  end
                end
                keep = nil
                collectgarbage('collect')
                return true
                """, in: state), [.boolean(true)])
        state.collectGarbage()
        XCTAssertLessThan(state.memoryUsed, before + 64 << 10)
    }

    func testManyCheapPatternCallsChargeBudget() {
        assertFails("local s = ('a'):rep(1000) while true do s:find('.-b') end", in: state, kind: .limit(.instructions))
    }

    func testRealisticPatternsStillWork() {
        XCTAssertEqual(
            eval(
                "return ('com.acme.Editor'):match('^com%.acme%.(%w+)$'), select(2, ('a b  c'):gsub('%s+', ' '))",
                in: state),
            [.string("Editor"), .integer(2)])
    }

    func testDeepRecursion() {
        let e = assertFails("local function f(n) return 1 + f(n + 1) end\nreturn f(1)", in: state, kind: .limit(.depth))
        XCTAssertEqual(e?.location?.file, "rules/attack.lua")
    }

    func testParserNesting() {
        assertFails(
            "local f, e = load(('('):rep(1000) .. '1' .. (')'):rep(1000)) assert(f, e)", in: state,
            kind: .limit(.depth),
            contains: "overflow")
    }

    func testCoroutineLoop() {
        assertFails("coroutine.wrap(function() while true do end end)()", in: state, kind: .limit(.instructions))
        state.limits.instructions = 500_000 // coroutine creation is slow under ASan
        assertFails(
            """
            while true do
              local co = coroutine.create(function() while true do coroutine.yield() end end)
              for i = 1, 10 do coroutine.resume(co) end
            end
            """, in: state, kind: .limit(.instructions))
    }

    func testCoroutineSwallowingLimitInLoop() {
        assertFails(
            """
            while true do
              local co = coroutine.create(function() while true do end end)
              coroutine.resume(co)
            end
            """, in: state, kind: .limit(.instructions))
    }

    /// The count hook fires every `hookInterval` instructions *of one thread*: a tree of
    /// coroutines that each ran fewer, each swallowing errors with pcall, was never counted and
    /// ran past the instruction limit, the deadline and the run's time budget (for minutes).
    static let coroutineTree = """
        local function node(d)
          if d == 0 then return end
          pcall(coroutine.resume, coroutine.create(node), d - 1)
          pcall(coroutine.wrap(node), d - 1)
        end
        node(40)
        escaped = true
        """

    func testCoroutineTreeStopsAtTheInstructionLimit() {
        assertFails(Self.coroutineTree, in: state, kind: .limit(.instructions))
        XCTAssertEqual(state.getGlobal("escaped"), .nil)
    }

    func testCoroutineTreeStopsAtTheDeadline() {
        assertStopsAtTheDeadline(Self.coroutineTree)
    }

    func testCoroutineTreeStopsAtTheRunBudget() {
        var l = testLimits
        l.instructions = 0
        l.deadlineSeconds = 60
        l.runDeadline = LuaLimits.now() + 0.3
        let s = makeState(l)
        let start = Date()
        XCTAssertThrowsError(try s.run(Self.coroutineTree, chunkName: "rules/attack.lua")) {
            XCTAssertEqual(($0 as? LuaError)?.kind, .limit(.runTime), "\($0)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(s.getGlobal("escaped"), .nil)
        // The run's time is spent: later calls fail at once, host functions and coroutines alike.
        let host = s.makeFunction(name: "host") { _ in [.boolean(true)] }
        s.setGlobal("host", .function(host))
        for source in ["return 1", "return host()", "return coroutine.wrap(function() return 1 end)()"] {
            XCTAssertThrowsError(try s.run(source, chunkName: "late.lua")) {
                XCTAssertEqual(($0 as? LuaError)?.kind, .limit(.runTime), "\(source): \($0)")
            }
        }
    }

    /// Once a limit trips, the state is spent until the next top-level call: no coroutine may
    /// swallow it (pcall, xpcall's handler, `coroutine.close` running `__close` handlers) and no
    /// thread runs on, whichever thread tripped.
    func testATripInACoroutineCannotBeSwallowed() {
        let attempts = [
            // the coroutine swallows its own trip, then yields back as if nothing happened
            "local co = coroutine.wrap(function() pcall(function() while true do end end) coroutine.yield(1) end)\n"
                + "for i = 1, 1e9 do pcall(co) end",
            // an error handler that keeps going: called from the hook, it ran with no hook at all
            "xpcall(function() while true do end end, function(m) for i = 1, 1e9 do end return m end)",
            "coroutine.wrap(function() xpcall(function() while true do end end, function() for i = 1, 1e9 do end end) end)()",
            // a __close handler run by coroutine.close
            """
            local co = coroutine.create(function()
              local x <close> = setmetatable({}, { __close = function() while true do end end })
              coroutine.yield()
            end)
            coroutine.resume(co)
            for i = 1, 1e9 do pcall(coroutine.close, co) end
            """,
            // a trip in the main thread, then new coroutines, each swallowing
            """
            pcall(function() while true do end end)
            for i = 1, 1e9 do pcall(coroutine.wrap(function() end)) end
            """,
        ]
        for source in attempts {
            let s = makeState()
            assertFails(source + "\nescaped = true", in: s, kind: .limit(.instructions))
            XCTAssertEqual(s.getGlobal("escaped"), .nil, source)
        }
    }

    func testErrorObjectWithLoopingTostring() {
        assertFails(
            "error(setmetatable({}, {__tostring = function() while true do end end}))", in: state,
            kind: .limit(.instructions))
    }

    func testMemoryGrowthWithGcStopped() {
        var l = testLimits
        l.memoryBytes = 8 << 20
        l.instructions = 100_000_000
        let state = makeState(l)
        let e = assertFails(
            """
            pcall(collectgarbage, 'stop')
            local t = {}
            for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end
            """, in: state, kind: .limit(.memory))
        XCTAssertTrue(e?.message.contains("memory limit exceeded") ?? false, e?.message ?? "")
    }

    func testMemoryDoubling() {
        assertFails("local s = 'x' while true do s = s .. s end", in: state, kind: .limit(.memory))
    }

    func testMemoryErrorCaughtByPcallStillStops() {
        assertFails(
            """
            local keep = {}
            while true do pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end) keep[#keep+1] = {} end
            """, in: state, kind: .limit(.memory))
    }

    func testTableMoveHugeRange() {
        assertFails("table.move({}, 1, 1e15, 2)", in: state, kind: .limit(.instructions))
    }

    func testTableConcatWithCMetamethod() {
        assertFails("return table.concat(setmetatable({}, {__index = rawlen}), '', 1, 1e12)", in: state)
    }

    func testDeadline() {
        assertStopsAtTheDeadline("while true do end")
    }

    func testInterruptFromAnotherThread() {
        var l = testLimits
        l.instructions = 0
        l.deadlineSeconds = 10
        let s = makeState(l)
        let handle = s.interruptHandle
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { handle.interrupt() }
        assertFails("while true do end", in: s, kind: .limit(.interrupted), contains: "interrupted", within: 3)
    }

    func testBudgetRearmedPerCall() {
        let f = eval("return function() local x = 0 for i = 1, 1e6 do x = x + i end return x end", in: state)[0]
        for _ in 0..<5 { XCTAssertEqual(try state.call(f), [.integer(500_000_500_000)]) }
    }

    func testLimitsChangeableBetweenCalls() {
        let s = makeState()
        s.limits.instructions = 1000
        assertFails("for i = 1, 1e6 do end", in: s, kind: .limit(.instructions))
        s.limits.instructions = 10_000_000
        XCTAssertEqual(eval("local n = 0 for i = 1, 1e6 do n = n + 1 end return n", in: s), [.integer(1_000_000)])
    }
}
