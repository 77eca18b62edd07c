import XCTest

@testable import UniformLua

final class ValueTests: XCTestCase {
    // Created per test and dropped in tearDown: XCTest keeps test-case instances alive until
    // exit, which LeakSanitizer would report.
    var state: LuaState!
    override func setUp() { state = makeState() }
    override func tearDown() { state = nil }

    func testScalarsRoundTrip() throws {
        let f = try state.load("return ...", chunkName: "id.lua")
        let args: [LuaValue] = [.nil, true, 42, 2.5, "héllo", .bytes([0xff, 0x00, 0x41])]
        XCTAssertEqual(try state.call(f, args), args)
    }

    func testTablesFromAndToSwift() throws {
        let t = state.makeTable(array: [1, "two"], fields: ["name": "x", "n": 3])
        let f = try state.load(
            "local t = ... return t[1], t[2], t.name, t.n, {10, 20, 30}, {a = 1, b = {c = true}}",
            chunkName: "t.lua")
        let r = try state.call(f, [.table(t)])
        XCTAssertEqual(Array(r[0..<4]), [1, "two", "x", 3])
        XCTAssertEqual(r[4].tableValue?.arrayValues(), [10, 20, 30])
        XCTAssertNil(r[5].tableValue?.arrayValues())
        let d = r[5].tableValue?.dictionary()
        XCTAssertEqual(d?["a"], 1)
        XCTAssertEqual(d?["b"]?.tableValue?["c"], true)
        XCTAssertEqual(state.makeTable().arrayValues(), [])
        XCTAssertEqual(r[4].tableValue?.count, 3)
    }

    func testPairsAreDeterministic() throws {
        let t = try state.run("return {z = 1, a = 2, [3] = 'c', [1] = 'a', [2] = 'b', m = 3}", chunkName: "p.lua")[0]
            .tableValue!
        XCTAssertEqual(t.pairs().map(\.key), [1, 2, 3, "a", "m", "z"])
    }

    func testGlobalsAndFieldSet() throws {
        state.setGlobal("answer", 42)
        XCTAssertEqual(try state.run("return answer", chunkName: "g.lua"), [42])
        let t = state.makeTable()
        t["k"] = "v"
        t[1] = 1.5
        state.setGlobal("t", .table(t))
        XCTAssertEqual(try state.run("return t.k, t[1]", chunkName: "g.lua"), ["v", 1.5])
        XCTAssertEqual(state.getGlobal("answer"), 42)
    }

    func testRefsKeepFunctionsAlive() throws {
        let f = try state.run("return function(x) return x * 2 end", chunkName: "f.lua")[0].functionValue!
        state.collectGarbage()
        XCTAssertEqual(try state.call(f, [21]), [42])
        XCTAssertEqual(try state.call(f, [1.5]), [3.0])
    }

    func testRefsAfterCloseAreInert() throws {
        let s = makeState()
        let t = s.makeTable(fields: ["a": 1])
        s.close()
        XCTAssertFalse(t.isValid)
        XCTAssertEqual(t["a"], .nil)
        XCTAssertThrowsError(try s.run("return 1", chunkName: "x.lua"))
    }

    func testIsIdentifier() {
        XCTAssertTrue(LuaState.isIdentifier("bundle_id"))
        XCTAssertFalse(LuaState.isIdentifier("end"))
        XCTAssertFalse(LuaState.isIdentifier("1x"))
        XCTAssertFalse(LuaState.isIdentifier("a-b"))
    }

    func testPrintGoesToSink() throws {
        let box = PrintBox()
        let s = makeState(printed: box)
        try s.run("print('a', 1, nil, true) print()", chunkName: "p.lua")
        XCTAssertEqual(box.lines, ["a\t1\tnil\ttrue", ""])
    }
}

final class ErrorTests: XCTestCase {
    // Created per test and dropped in tearDown: XCTest keeps test-case instances alive until
    // exit, which LeakSanitizer would report.
    var state: LuaState!
    override func setUp() { state = makeState() }
    override func tearDown() { state = nil }

    func testRuntimeErrorHasFileLineAndTraceback() {
        do {
            try state.run("local x = 1\n\nlocal function f() error('boom') end\nf()", chunkName: "rules/a.lua")
            XCTFail()
        } catch let e as LuaError {
            XCTAssertEqual(e.kind, .runtime)
            XCTAssertEqual(e.message, "rules/a.lua:3: boom")
            XCTAssertEqual(e.location, LuaSourceLocation(file: "rules/a.lua", line: 3))
            XCTAssertTrue(e.traceback?.contains("rules/a.lua:4: in main chunk") ?? false, e.traceback ?? "")
            XCTAssertTrue(e.traceback?.contains("in local 'f'") ?? false, e.traceback ?? "")
        } catch { XCTFail("\(error)") }
    }

    func testSyntaxErrorAndIncompleteInput() {
        XCTAssertThrowsError(try state.load("function f(x)\n  return x", chunkName: "=stdin")) { e in
            let e = e as! LuaError
            XCTAssertEqual(e.kind, .syntax)
            XCTAssertTrue(e.isIncompleteInput, e.message)
        }
        XCTAssertThrowsError(try state.load("x = = 1", chunkName: "rules/b.lua")) { e in
            let e = e as! LuaError
            XCTAssertEqual(e.kind, .syntax)
            XCTAssertFalse(e.isIncompleteInput)
            XCTAssertEqual(e.location, LuaSourceLocation(file: "rules/b.lua", line: 1))
        }
    }

    func testNonStringErrorObject() {
        XCTAssertThrowsError(try state.run("error({code = 1})", chunkName: "e.lua")) { e in
            XCTAssertEqual((e as! LuaError).message, "(error object is a table value)")
        }
        XCTAssertThrowsError(
            try state.run("error(setmetatable({}, {__tostring = function() return 'custom' end}))", chunkName: "e.lua")
        ) { e in
            XCTAssertEqual((e as! LuaError).message, "custom")
        }
    }

    /// The host keeps at most CLS_MESSAGE_MAX bytes of an error message: a rule raising a 16 MB
    /// string (or a syntax error quoting one) filled reports with copies of it.
    func testHugeErrorMessagesAreCut() {
        var limits = testLimits
        limits.maxStringBytes = 16 << 20
        limits.memoryBytes = 256 << 20
        limits.instructions = 100_000_000
        let s = makeState(limits)
        let cases = [
            ("error(string.rep('x', 16 * 1024 * 1024) .. 'end')", LuaError.Kind.runtime),
            ("error(setmetatable({}, { __tostring = function() return string.rep('é', 1e6) end }))", .runtime),
            ("local x = 1 '" + String(repeating: "y", count: 1 << 20) + "'", .syntax),
        ]
        for (source, kind) in cases {
            XCTAssertThrowsError(try s.run(source, chunkName: "rules/big.lua")) { e in
                let e = e as! LuaError
                XCTAssertEqual(e.kind, kind)
                XCTAssertLessThan(e.message.utf8.count, 16_500, String(e.message.suffix(80)))
                XCTAssertTrue(e.message.hasSuffix("more bytes not shown)"), String(e.message.suffix(80)))
                XCTAssertLessThan(e.traceback?.utf8.count ?? 0, 20_000)
                XCTAssertFalse(e.message.unicodeScalars.contains("\u{FFFD}"), "cut between the bytes of a character")
            }
        }
        XCTAssertThrowsError(try s.run("error(string.rep('x', 16 * 1024 * 1024) .. 'end')", chunkName: "rules/big.lua"))
        {
            let message = ($0 as! LuaError).message
            XCTAssertLessThanOrEqual(message.utf8.count, 16_384)
            XCTAssertTrue(
                message.hasSuffix("x... (\(17 + 16_777_219 - 16_320) more bytes not shown)"), String(message.suffix(60))
            )
        }
        XCTAssertEqual(
            eval("return select(2, pcall(error, string.rep('x', 100000))):len()", in: s), [.integer(100_000)],
            "Lua itself sees the whole message")
    }

    func testLongPathsAreMappedBack() {
        let path = "rules/" + String(repeating: "deep/", count: 15) + "rule.lua"
        XCTAssertThrowsError(try state.run("\nerror('x')", chunkName: path)) { e in
            let e = e as! LuaError
            XCTAssertEqual(e.location, LuaSourceLocation(file: path, line: 2))
        }
    }
}

struct HostFailure: Error, CustomStringConvertible { var description: String { "host says no" } }

final class CallbackTests: XCTestCase {
    // Created per test and dropped in tearDown: XCTest keeps test-case instances alive until
    // exit, which LeakSanitizer would report.
    var state: LuaState!
    override func setUp() { state = makeState() }
    override func tearDown() { state = nil }

    func testSwiftFunctionCalledFromLua() throws {
        let add = state.makeFunction(name: "add") { ctx in [.integer(try ctx.integer(1) + ctx.integer(2))] }
        state.setGlobal("add", .function(add))
        XCTAssertEqual(try state.run("return add(40, 2)", chunkName: "c.lua"), [42])
    }

    func testSwiftErrorBecomesCatchableLuaErrorWithCallerPosition() throws {
        let api = state.makeTable(functions: ["fail": { _ in throw HostFailure() }], prefix: "uniform")
        state.setGlobal("uniform", .table(api))
        XCTAssertEqual(
            try state.run(
                "local ok, e = pcall(function()\n uniform.fail()\n end) return ok, e", chunkName: "rules/c.lua"),
            [false, "rules/c.lua:2: host says no"])
        XCTAssertThrowsError(try state.run("\n\nuniform.fail()", chunkName: "rules/c.lua")) { e in
            let e = e as! LuaError
            XCTAssertEqual(e.message, "rules/c.lua:3: host says no")
            XCTAssertTrue(
                e.traceback?.contains("uniform.fail") ?? false || e.traceback?.contains("field 'fail'") ?? false,
                e.traceback ?? "")
        }
    }

    func testArgumentErrors() {
        state.setGlobal(
            "f", .function(state.makeFunction(name: "uniform.type") { ctx in [.string(try ctx.string(1))] }))
        XCTAssertThrowsError(try state.run("f(nil)", chunkName: "rules/d.lua")) { e in
            XCTAssertEqual(
                (e as! LuaError).message, "rules/d.lua:1: bad argument #1 to 'uniform.type' (string expected, got nil)")
        }
    }

    func testNestedSwiftLuaSwiftLuaErrors() throws {
        // outer.lua -> Swift `host.call(fn)` -> inner.lua fn -> Swift `host.check` throws
        let inner = try state.run(
            "return function(x)\n  if x > 1 then\n    error('inner failure ' .. x)\n  end\n  return x\nend",
            chunkName: "rules/inner.lua")[0].functionValue!
        let host = state.makeTable(
            functions: [
                "call": { ctx in
                    try ctx.state!.call(inner, [ctx.argument(1)])
                }
            ], prefix: "host")
        state.setGlobal("host", .table(host))
        XCTAssertEqual(try state.run("return host.call(1)", chunkName: "rules/outer.lua"), [1])
        do {
            try state.run(
                "local function go()\n  local r = host.call(5) return r\nend\nlocal r = go() return r",
                chunkName: "rules/outer.lua")
            XCTFail()
        } catch let e as LuaError {
            XCTAssertEqual(e.message, "rules/inner.lua:3: inner failure 5")
            XCTAssertEqual(e.location, LuaSourceLocation(file: "rules/inner.lua", line: 3))
            let tb = e.traceback ?? ""
            XCTAssertTrue(tb.contains("rules/inner.lua:3"), tb)
            XCTAssertTrue(tb.contains("rules/outer.lua:2"), tb)
            XCTAssertTrue(tb.contains("rules/outer.lua:4"), tb)
        }
        // caught inside Lua, in the middle
        XCTAssertEqual(
            try state.run("local ok, e = pcall(host.call, 7) return ok, e", chunkName: "rules/outer.lua"),
            [false, "rules/inner.lua:3: inner failure 7"])
        assertHealthy(state)
    }

    func testNestedCallsShareTheBudget() throws {
        let s = makeState()
        let spin = try s.run("return function() while true do end end", chunkName: "rules/spin.lua")[0].functionValue!
        s.setGlobal("host", .table(s.makeTable(functions: ["spin": { ctx in try ctx.state!.call(spin) }])))
        XCTAssertThrowsError(try s.run("while true do pcall(host.spin) end", chunkName: "rules/o.lua")) { e in
            XCTAssertEqual((e as! LuaError).kind, .limit(.instructions))
        }
        assertHealthy(s)
    }

    func testRawFunctionFastPath() throws {
        let f = state.makeRawFunction(name: "inc") { ctx in
            ctx.stack.push(try ctx.integer(1) + 1)
            return 1
        }
        state.setGlobal("inc", .function(f))
        XCTAssertEqual(
            try state.run("local x = 0 for i = 1, 1000 do x = inc(x) end return x", chunkName: "r.lua"), [1000])
    }

    func testFastCallWithRecords() throws {
        let policy = try state.run(
            """
            return function(cands)
              local out = {}
              for i, c in ipairs(cands) do out[#out + 1] = {i = i, d = c.distance} end
              table.sort(out, function(a, b) return a.d < b.d end)
              local order = {}
              for k, v in ipairs(out) do order[k] = v.i end
              return order
            end
            """, chunkName: "rules/policy.lua")[0].functionValue!
        let distances = [5, 1, 3]
        let order = try state.call(
            policy, results: 1,
            pushing: { s in
                s.newTable(arrayCount: distances.count)
                for (i, d) in distances.enumerated() {
                    s.newTable(fieldCount: 2)
                    s.push("com.acme.app\(i)")
                    s.setField("bundle_id")
                    s.push(d)
                    s.setField("distance")
                    s.setIndex(i + 1)
                }
                return 1
            },
            reading: { s -> [Int] in
                (1...s.rawLength(at: -1)).map { i in
                    s.getIndex(i)
                    defer { s.pop() }
                    return Int(s.integer(at: -1) ?? 0)
                }
            })
        XCTAssertEqual(order, [2, 3, 1])
    }

    func testCallbackInsideCoroutine() throws {
        state.setGlobal(
            "twice", .function(state.makeFunction(name: "twice") { ctx in [.integer(try ctx.integer(1) * 2)] }))
        XCTAssertEqual(
            try state.run(
                """
                local co = coroutine.wrap(function(a) local b = coroutine.yield(twice(a)) return twice(b) end)
                return co(2), co(5)
                """, chunkName: "co.lua"), [4, 10])
    }
}

final class Item {
    let name: String
    var released: (() -> Void)?
    init(_ name: String) { self.name = name }
    deinit { released?() }
}

final class UserdataTests: XCTestCase {
    func testMethodsPropertiesTostringAndRelease() throws {
        let s = makeState()
        let holder = TypeHolder()
        let type = s.makeObjectType(
            name: "Item",
            methods: [
                "greet": { ctx in
                    let item = try ctx.object(1, of: holder.type!, as: Item.self)
                    return [.string("hi " + item.name + (try ctx.optionalString(2) ?? ""))]
                }
            ],
            index: { ctx in
                let key = try ctx.string(2)
                return key == "name" ? [.string("(name)")] : [.nil]
            },
            tostring: { ($0 as! Item).name })
        holder.type = type
        var releasedCount = 0
        let item = Item("box")
        item.released = { releasedCount += 1 }
        s.setGlobal("item", s.wrap(item, as: type))
        XCTAssertEqual(
            try s.run("return item:greet('!'), tostring(item), item.name, item.other", chunkName: "u.lua"),
            ["hi box!", "box", "(name)", .nil])
        XCTAssertTrue(s.unwrap(s.getGlobal("item"), of: type, as: Item.self) === item)
        XCTAssertThrowsError(try s.run("return item.greet({})", chunkName: "rules/u.lua")) { e in
            XCTAssertTrue(
                (e as! LuaError).message.contains("bad argument #1 to 'Item.greet' (Item expected, got table)"), "\(e)")
        }
        s.setGlobal("item", .nil)
        s.collectGarbage()
        XCTAssertEqual(releasedCount, 0) // the Swift `item` still holds it
        withExtendedLifetime(item) {}
        s.close()
    }

    func testObjectReleasedByGarbageCollection() throws {
        let s = makeState()
        let type = s.makeObjectType(name: "Item")
        var released = false
        do {
            let item = Item("x")
            item.released = { released = true }
            s.setGlobal("item", s.wrap(item, as: type))
        }
        XCTAssertFalse(released)
        try s.run("item = nil collectgarbage()", chunkName: "g.lua")
        XCTAssertTrue(released)
    }
}

final class TypeHolder { var type: LuaObjectType? }

final class CoverageTests: XCTestCase {
    func testLineCoverageAndActiveLines() throws {
        let s = makeState()
        s.setLineCoverage(true)
        let src = """
            local function f(x)
              if x then
                return 1
              else
                return 2
              end
            end
            return f(true)
            """
        let chunk = try s.load(src, chunkName: "rules/cov.lua")
        XCTAssertEqual(s.activeLines(of: chunk), [2, 3, 5, 7, 8]) // 5.4 puts `local function` on its `end` line
        XCTAssertEqual(try s.call(chunk), [1])
        XCTAssertEqual(s.coverage()["rules/cov.lua"], [2, 3, 7, 8])
        // budget still enforced with the line hook on
        s.limits.instructions = 500_000
        XCTAssertThrowsError(try s.run("while true do end", chunkName: "rules/spin.lua")) { e in
            XCTAssertEqual((e as! LuaError).kind, .limit(.instructions))
        }
        s.setLineCoverage(false)
        s.resetCoverage()
        try s.run("local a = 1", chunkName: "rules/none.lua")
        XCTAssertNil(s.coverage()["rules/none.lua"])
    }

    /// LCOV's `DA:line,count`: a line counts once per time it ran, a loop's body once per
    /// iteration, a line of a function once per call.
    func testLineCountsCountEachRun() throws {
        let s = makeState()
        s.setLineCoverage(true)
        let src = """
            local total = 0
            local function add(x)
              total = total + x
            end
            for i = 1, 4 do add(i) end
            for _ = 1, 3 do total = total + 1 end
            return total
            """
        XCTAssertEqual(try s.call(try s.load(src, chunkName: "rules/count.lua")), [13])
        let hits = try XCTUnwrap(s.coverageHits()["rules/count.lua"])
        XCTAssertEqual(hits[1], 1)
        XCTAssertEqual(hits[3], 4, "once per call")
        XCTAssertEqual(hits[6], 3, "a one-line loop: its line once per iteration (the hook fires on each jump back)")
        XCTAssertEqual(hits[7], 1)
        XCTAssertEqual(s.coverage()["rules/count.lua"], Set(hits.keys))
    }
}
