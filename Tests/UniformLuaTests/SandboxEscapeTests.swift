import XCTest

@testable import UniformLua

/// Escape attempts from the notes' threat list: each must end with a clear error (or a harmless
/// nil) and leave the state usable.
final class SandboxEscapeTests: XCTestCase {
    // Created per test and dropped in tearDown: XCTest keeps test-case instances alive until
    // exit, which LeakSanitizer would report.
    var state: LuaState!
    override func setUp() { state = makeState() }
    override func tearDown() { state = nil }

    func testStringDumpIsGone() {
        XCTAssertEqual(eval("return string.dump", in: state), [.nil])
        assertFails("return string.dump(function() end)", in: state, kind: .runtime, contains: "dump")
    }

    func testStringMethodDumpIsGone() {
        XCTAssertEqual(eval("return ('').dump, ('x').rep ~= nil", in: state), [.nil, .boolean(true)])
    }

    func testStringMetatableHidden() {
        XCTAssertEqual(eval("return getmetatable('')", in: state), [.boolean(false)])
        assertFails("getmetatable('').__index.upper = nil", in: state, kind: .runtime, contains: "rules/attack.lua:1:")
    }

    func testMutatingStringTableDoesNotReachMethods() {
        XCTAssertEqual(
            eval(
                "string.rep = nil; string.upper = function() return 'evil' end; return ('ab'):upper(), ('x'):rep(2)",
                in: state),
            [.string("AB"), .string("xx")])
    }

    func testBinaryChunkRefusedByLoad() {
        assertFails(
            "local f, err = load('\\27Lua\\84\\0') assert(f, err)", in: state, kind: .runtime, contains: "binary chunk")
    }

    func testLoadModeBRefused() {
        assertFails("return load('return 1', 'x', 'b')", in: state, kind: .runtime, contains: "mode 't'")
    }

    func testLoadReaderFunctionRefused() {
        assertFails("return load(function() return nil end)", in: state, kind: .runtime, contains: "only source text")
    }

    func testHostLoadRefusesBytecode() {
        XCTAssertThrowsError(try state.load(bytes: [0x1b, 0x4c, 0x75, 0x61, 0x54, 0], chunkName: "evil.luac")) { e in
            XCTAssertTrue((e as? LuaError)?.message.contains("binary chunk") ?? false, "\(e)")
        }
    }

    func testLoadedCodeStaysInSandbox() {
        XCTAssertEqual(
            eval("return load('return io, package, debug, require')()", in: state), [.nil, .nil, .nil, .nil])
    }

    func testRequireAbsent() {
        assertFails("require('os')", in: state, kind: .runtime, contains: "require")
    }

    func testPackageLoadlibAbsent() {
        assertFails(
            "return package.loadlib('/usr/lib/x86_64-linux-gnu/liblua5.4.so.0', 'luaopen_io')", in: state,
            kind: .runtime, contains: "package")
    }

    func testIoPopenAbsent() {
        assertFails("return io.popen('id'):read('a')", in: state, kind: .runtime, contains: "io")
    }

    func testOsExecuteAbsent() {
        XCTAssertEqual(
            eval("return os.execute, os.getenv, os.exit, os.remove, type(os.time())", in: state),
            [.nil, .nil, .nil, .nil, .string("number")])
        assertFails("os.execute('true')", in: state, kind: .runtime, contains: "execute")
    }

    func testDebugAbsent() {
        assertFails("debug.sethook()", in: state, kind: .runtime, contains: "debug")
        XCTAssertEqual(eval("return debug, dofile, loadfile, warn", in: state), [.nil, .nil, .nil, .nil])
    }

    func testGlobalTableTricks() {
        XCTAssertEqual(
            eval(
                """
                local a = _G._G.io
                local b = rawget(_G, 'package')
                local c = _ENV.debug
                local _ENV = setmetatable({}, {__index = _G})
                return a, b, c, io, require
                """, in: state), [.nil, .nil, .nil, .nil, .nil])
    }

    func testCollectGarbageStopRefused() {
        assertFails("collectgarbage('stop')", in: state, kind: .runtime, contains: "not allowed")
        assertFails("collectgarbage('generational')", in: state, kind: .runtime, contains: "not allowed")
        XCTAssertEqual(eval("return type(collectgarbage('count'))", in: state), [.string("number")])
    }

    func testGcMetamethodRefused() {
        assertFails(
            "setmetatable({}, {__gc = function() while true do end end}) collectgarbage()", in: state,
            kind: .runtime, contains: "__gc")
    }

    func testLateGcFieldNeverRuns() {
        XCTAssertEqual(
            eval(
                """
                local mt = {}
                setmetatable({}, mt)
                mt.__gc = function() while true do end end
                collectgarbage()
                return 'ok'
                """, in: state), [.string("ok")])
    }

    func testHostObjectMetatableHidden() {
        let type = state.makeObjectType(name: "Thing")
        state.setGlobal("thing", state.wrap(NSObjectBox(), as: type))
        XCTAssertEqual(eval("return getmetatable(thing)", in: state), [.boolean(false)])
        assertFails("setmetatable(thing, {})", in: state, kind: .runtime, contains: "table expected")
    }

    func testOsDateFormatCapped() {
        assertFails("return os.date(('%c'):rep(1000))", in: state, kind: .runtime, contains: "256")
    }

    func testReadOnlyTable() {
        let api = state.makeTable(fields: ["version": 1])
        state.setGlobal("api", .table(state.makeReadOnly(api)))
        XCTAssertEqual(eval("return api.version, getmetatable(api)", in: state), [.integer(1), .boolean(false)])
        assertFails(
            "api.version = 2", in: state, kind: .runtime,
            contains: "rules/attack.lua:1: attempt to modify a read-only table")
    }
}

final class NSObjectBox {}
