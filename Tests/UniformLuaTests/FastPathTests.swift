import XCTest

@testable import UniformLua

/// Edge cases of the allocation-free call paths (`call(_:results:pushing:reading:)`, raw
/// functions) and of the bookkeeping they replaced.
final class FastPathTests: XCTestCase {
    // Created per test and dropped in tearDown: XCTest keeps test-case instances alive until
    // exit, which LeakSanitizer would report.
    var state: LuaState!
    override func setUp() { state = makeState() }
    override func tearDown() { state = nil }

    func testRawFunctionResultCountIsClamped() throws {
        // a negative count used to reach the trampoline as CLS_RAISE and raise whatever was on top
        state.setGlobal("negative", .function(state.makeRawFunction(name: "negative") { _ in -1 }))
        state.setGlobal("tooMany", .function(state.makeRawFunction(name: "tooMany") { _ in 5 }))
        XCTAssertEqual(try state.run("return select('#', negative('x'))", chunkName: "n.lua"), [0])
        XCTAssertEqual(try state.run("return select('#', tooMany('x'))", chunkName: "n.lua"), [1])
    }

    func testFunctionOfAnotherStateIsNeverCalled() throws {
        // its registry slot in this state holds something else entirely
        let other = makeState()
        let foreign = try other.run("return function() return 'foreign' end", chunkName: "o.lua")[0].functionValue!
        XCTAssertThrowsError(try state.call(foreign)) { e in
            XCTAssertTrue((e as! LuaError).message.contains("attempt to call a nil value"), "\(e)")
        }
        XCTAssertThrowsError(try state.call(foreign, results: 1, pushing: { _ in 0 }, reading: { $0.string(at: -1) }))
        assertHealthy(state)
    }

    func testTooManyArgumentsThrowInsteadOfOverflowingTheStack() throws {
        let count = try state.load("return select('#', ...)", chunkName: "count.lua")
        XCTAssertEqual(try state.call(count, Array(repeating: 1, count: 1000)), [1000])
        XCTAssertThrowsError(try state.call(count, Array(repeating: 1, count: 1_100_000))) { e in
            XCTAssertEqual((e as! LuaError).kind, .limit(.depth))
        }
        assertHealthy(state)
    }

    func testCallbackTracebackIsNotReusedByALaterCall() throws {
        let inner = try state.run("return function()\n  error('inner failure')\nend", chunkName: "rules/inner.lua")[0]
            .functionValue!
        state.setGlobal("host", .table(state.makeTable(functions: ["call": { ctx in try ctx.state!.call(inner) }])))
        // the callback's error is swallowed by pcall inside Lua ...
        XCTAssertEqual(try state.run("return (pcall(host.call))", chunkName: "rules/first.lua"), [false])
        // ... so a later call failing with the same message gets its own traceback
        XCTAssertThrowsError(
            try state.run("error('rules/inner.lua:2: inner failure', 0)", chunkName: "rules/second.lua")
        ) { e in
            let tb = (e as! LuaError).traceback ?? ""
            XCTAssertTrue(tb.contains("rules/second.lua:1"), tb)
        }
    }

    func testFastCallFromACallbackInsideACoroutine() throws {
        // the nested call must run on the coroutine the callback was called from
        let double = try state.run("return function(x) return x * 2 end", chunkName: "d.lua")[0].functionValue!
        state.setGlobal(
            "viaSwift",
            .function(
                state.makeRawFunction(name: "viaSwift") { ctx in
                    let x = try ctx.integer(1)
                    let r = try ctx.state!.call(
                        double, results: 1,
                        pushing: {
                            $0.push(x)
                            return 1
                        },
                        reading: { $0.integer(at: -1) ?? -1 })
                    ctx.stack.push(r)
                    return 1
                }))
        XCTAssertEqual(
            try state.run(
                """
                local co = coroutine.wrap(function(a) local b = coroutine.yield(viaSwift(a)) return viaSwift(b) end)
                return co(2), co(5)
                """, chunkName: "co.lua"), [4, 10])
    }

    func testFunctionNameReachesArgumentErrors() {
        state.setGlobal(
            "f",
            .function(
                state.makeRawFunction(name: "uniform.count") { ctx in
                    XCTAssertEqual(ctx.functionName, "uniform.count")
                    return Int(try ctx.integer(1))
                }))
        XCTAssertThrowsError(try state.run("f('x')", chunkName: "rules/e.lua")) { e in
            XCTAssertEqual(
                (e as! LuaError).message,
                "rules/e.lua:1: bad argument #1 to 'uniform.count' (number expected, got string)")
        }
    }
}
