import Foundation
import XCTest

/// `uniform test --watch` (issue 30, item 7): a change to a file the run read runs the tests
/// again, after a separator; Ctrl-C ends the watch with status 0. Every wait has a deadline
/// and the process is killed on the way out, so this test cannot hang the suite.
final class TestWatchTests: XCTestCase {
    /// Standard output of a running process, read as it comes.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) {
            lock.lock()
            data.append(more)
            lock.unlock()
        }
        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Polls `condition` until it holds or `seconds` pass.
    private func wait(_ seconds: Double, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    /// `uniform test --watch` started in `dir`, its standard output collected as it comes.
    private func watch(in dir: URL) throws -> (Process, Collected) {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["test", "--watch"]
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        let collected = Collected()
        out.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
        try process.run()
        return (process, collected)
    }

    /// Kills a watch the test did not end, so it cannot outlive the test.
    private func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        (process.standardOutput as? Pipe)?.fileHandleForReading.readabilityHandler = nil
    }

    func testAChangedTestFileRunsTheTestsAgainAndCtrlCEndsTheWatch() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            "return { manifests = { \"App\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        let test = dir.appendingPathComponent("tests/w_test.lua")
        try TestManifest.write(
            "it(\"opens text\", function() assert.can_open(\".txt\", \"com.acme.viewer\") end)\n", to: dir,
            "tests/w_test.lua")

        let (process, collected) = try watch(in: dir)
        defer { stop(process) }

        XCTAssertTrue(wait(60) { collected.text.contains("1 passed, 0 failed\n") }, "first run: \(collected.text)")
        // A different size as well as a later time: seen whatever the clock's resolution.
        try "it(\"opens text\", function() assert.can_open(\".txt\", \"com.acme.viewer2\") end)\n".write(
            to: test, atomically: false, encoding: .utf8)
        XCTAssertTrue(wait(60) { collected.text.contains("0 passed, 1 failed\n") }, "second run: \(collected.text)")
        let text = collected.text
        XCTAssertTrue(text.contains("\n──── tests/w_test.lua changed: running again ────\n"), text)
        XCTAssertTrue(text.contains("no app \"com.acme.viewer2\" in the world"), text)
        XCTAssertTrue(process.isRunning, "a failing run does not end the watch")

        kill(process.processIdentifier, SIGINT)
        XCTAssertTrue(wait(30) { !process.isRunning }, "Ctrl-C ends the watch")
        if !process.isRunning { XCTAssertEqual(process.terminationStatus, 0) }
    }

    /// A module the tests `require` is an input too: changing it runs them again.
    func testAChangedModuleRunsTheTestsAgain() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try TestManifest.write(
            TestManifest.app("com.acme.viewer", claims: ["public.plain-text"]), to: dir, "App/Info.plist")
        try TestManifest.write(
            "return { manifests = { \"App\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        let module = dir.appendingPathComponent("rules/team/ids.lua")
        try TestManifest.write("return { viewer = \"com.acme.viewer\" }\n", to: dir, "rules/team/ids.lua")
        try TestManifest.write(
            "local ids = require(\"team.ids\")\nit(\"opens text\", function() assert.can_open(\".txt\", ids.viewer) end)\n",
            to: dir, "tests/m_test.lua")

        let (process, collected) = try watch(in: dir)
        defer { stop(process) }
        XCTAssertTrue(wait(60) { collected.text.contains("1 passed, 0 failed\n") }, "first run: \(collected.text)")
        try "return { viewer = \"com.acme.viewer2\" }\n".write(to: module, atomically: false, encoding: .utf8)
        XCTAssertTrue(wait(60) { collected.text.contains("0 passed, 1 failed\n") }, "second run: \(collected.text)")
        XCTAssertTrue(collected.text.contains("rules/team/ids.lua changed: running again"), collected.text)
        kill(process.processIdentifier, SIGINT)
        XCTAssertTrue(wait(30) { !process.isRunning }, "Ctrl-C ends the watch")
    }
}
