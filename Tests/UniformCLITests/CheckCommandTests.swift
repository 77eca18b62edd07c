import Foundation
import XCTest

/// `uniform check` through the real binary: exit codes, reporters to files, hostile rules.
final class CheckCommandTests: XCTestCase {
    func testHostileRuleFilesFailWithTheFileNamed() throws {
        let dir = try CLI.temporaryDirectory()
        let apps = CLI.packageRoot.appendingPathComponent("examples/molecules/apps").path
        for (name, body) in [
            ("loop.lua", "uniform.check { id = 'spin', run = function() while true do end end }"),
            ("bomb.lua", "uniform.check { id = 'bomb', run = function() local s = string.rep('x', 2^31) end }"),
            ("escape.lua", "uniform.check { id = 'escape', run = function() return os.execute('true') end }"),
        ] {
            let path = dir.appendingPathComponent(name).path
            try body.write(toFile: path, atomically: true, encoding: .utf8)
            let started = Date()
            let result = try CLI.run(["check", apps, "-r", path])
            XCTAssertLessThan(Date().timeIntervalSince(started), 30, name)
            XCTAssertEqual(result.status, 1, "\(name): \(result.stdout)\(result.stderr)")
            XCTAssertTrue(
                result.stdout.contains("\(path):1:") && result.stdout.contains("[rule-error]"),
                "\(name): \(result.stdout)")
        }
        let broken = dir.appendingPathComponent("broken.lua").path
        try "uniform.check { id = 'x', run = function() end ".write(toFile: broken, atomically: true, encoding: .utf8)
        let result = try CLI.run(["check", apps, "-r", broken])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("broken.lua:1:"), result.stderr)
    }

    func testSeveralReportersAndStrictness() throws {
        let dir = try CLI.temporaryDirectory()
        let apps = CLI.packageRoot.appendingPathComponent("examples/molecules/apps").path
        let sarif = dir.appendingPathComponent("out.sarif").path
        let junit = dir.appendingPathComponent("out.xml").path
        let result = try CLI.run([
            "check", apps, "--format", "text", "--format", "sarif:\(sarif)", "--format", "junit:\(junit)",
        ])
        XCTAssertNotEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stdout.contains(" in 6 manifests"), result.stdout)
        XCTAssertNoThrow(try CLI.json(String(contentsOfFile: sarif, encoding: .utf8)))
        XCTAssertTrue(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite"))
        let bad = try CLI.run(["check", apps, "--format", "xml"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("valid formats"), bad.stderr)
        XCTAssertFalse(result.stderr.contains(" in 6 manifests"), "text on standard output: no second summary")
    }

    /// Found by a new user: with every report in a file the terminal stayed silent, and a
    /// misspelt reporter in a folder without manifests was reported as "no manifests".
    func testReportsInFilesStillSayTheCountAndAMisspeltFormatComesFirst() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let apps = CLI.packageRoot.appendingPathComponent("examples/molecules/apps").path
        let quiet = try CLI.run(["check", apps, "--format", "sarif:\(dir.appendingPathComponent("out.sarif").path)"])
        XCTAssertEqual(quiet.stdout, "")
        XCTAssertTrue(quiet.stderr.contains("0 errors, 2 warnings, 0 notes in 6 manifests"), quiet.stderr)
        for command in ["check", "test"] {
            let misspelt = try CLI.run([command, "--format", "bogus"], in: dir)
            XCTAssertEqual(misspelt.status, 2)
            XCTAssertTrue(misspelt.stderr.contains("unknown format 'bogus'"), "\(command): \(misspelt.stderr)")
            XCTAssertFalse(misspelt.stderr.contains("no manifests"), misspelt.stderr)
        }
    }
}
