import Foundation
import XCTest

@testable import UniformLua

/// Small limits so exhaustion tests finish fast.
let testLimits = LuaLimits(
    instructions: 5_000_000, memoryBytes: 32 << 20, deadlineSeconds: 5, maxCallDepth: 200,
    maxStringBytes: 1 << 20, maxPatternWork: 1e7)

func makeState(_ limits: LuaLimits = testLimits, printed: PrintBox? = nil) -> LuaState {
    LuaState(limits: limits, printSink: { printed?.lines.append($0) })
}

final class PrintBox { var lines: [String] = [] }

extension XCTestCase {
    /// Runs `code`, expects a LuaError within `seconds`, then checks the state still evaluates.
    @discardableResult
    func assertFails(
        _ code: String, in state: LuaState, kind: LuaError.Kind? = nil, contains: String? = nil,
        within seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line
    ) -> LuaError? {
        let start = Date()
        var caught: LuaError?
        do {
            let r = try state.run(code, chunkName: "rules/attack.lua")
            XCTFail("expected an error, got \(r)", file: file, line: line)
        } catch let e as LuaError {
            caught = e
        } catch {
            XCTFail("unexpected error type \(error)", file: file, line: line)
        }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertLessThan(elapsed, seconds, "took \(elapsed) s", file: file, line: line)
        if let e = caught {
            if let kind { XCTAssertEqual(e.kind, kind, "\(e.message)", file: file, line: line) }
            if let contains {
                XCTAssertTrue(e.message.contains(contains), "message: \(e.message)", file: file, line: line)
            }
        }
        assertHealthy(state, file: file, line: line)
        return caught
    }

    func assertHealthy(_ state: LuaState, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            try state.run("local t = {} for i = 1, 100 do t[i] = i end return #t + 1", chunkName: "ok.lua"),
            [.integer(101)], file: file, line: line)
    }

    func eval(_ code: String, in state: LuaState, file: StaticString = #filePath, line: UInt = #line) -> [LuaValue] {
        do { return try state.run(code, chunkName: "rules/test.lua") } catch {
            XCTFail("\(error)", file: file, line: line)
            return []
        }
    }
}
