import Foundation
import XCTest

/// The man pages as scripts/manpages.sh makes them (the tarball, the .deb and the formula all
/// do): generate-manual's pages, with a NAME whatis can read for every subcommand, ASCII where
/// generate-manual would drop characters, and each command's own EXIT STATUS.
final class ManualPageTests: XCTestCase {
    nonisolated(unsafe) static var pages: [String: String] = [:]

    override func setUpWithError() throws {
        if !Self.pages.isEmpty { return }
        let generator = CLI.binary.deletingLastPathComponent().appendingPathComponent("generate-manual")
        guard FileManager.default.isExecutableFile(atPath: generator.path) else {
            throw XCTSkip("generate-manual is not built beside uniform (swift build builds it)")
        }
        let output = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try CLI.run(
            [
                CLI.packageRoot.appendingPathComponent("scripts/manpages.sh").path, CLI.binary.path, generator.path,
                output.path, "2026-01-02",
            ], executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(run.status, 0, run.stderr)
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            Self.pages[file] = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
        }
    }

    func section(_ title: String, of page: String) -> [String] {
        var lines: [String] = [], inside = false
        for line in (Self.pages[page] ?? "").split(separator: "\n").map(String.init) {
            if line.hasPrefix(".Sh ") {
                inside = line == ".Sh \(title)" || line == ".Sh \"\(title)\""
            } else if inside {
                lines.append(line)
            }
        }
        return lines
    }

    func testEveryCommandHasAPageWithANameWhatisCanRead() throws {
        let help = try CLI.json(try CLI.run(["--experimental-dump-help"]).stdout)
        let commands =
            ((help["command"] as? [String: Any])?["subcommands"] as? [[String: Any]] ?? []).compactMap {
                $0["commandName"] as? String
            }
        XCTAssertTrue(commands.contains("check"))
        XCTAssertEqual(Set(Self.pages.keys), Set(["uniform.1"] + commands.map { "uniform.\($0).1" }))
        for (file, _) in Self.pages {
            let page = String(file.dropLast(2))
            let name = section("NAME", of: file)
            XCTAssertEqual(name.first, ".Nm \(page)", file)
            let description = name.dropFirst().first ?? ""
            XCTAssertTrue(description.hasPrefix(".Nd ") && !description.contains("\""), "\(file): \(description)")
            XCTAssertFalse(description.contains("  "), "\(file): a dropped character leaves two blanks: \(description)")
        }
        // The root page's abstract has an em dash, which generate-manual would drop.
        XCTAssertEqual(
            section("NAME", of: "uniform.1").last,
            ".Nd Answer what type a file is, which apps open it, in what order, and why -- offline, "
                + "from Xcode projects and Info.plist manifests.")
        // The synopsis keeps the command as typed.
        XCTAssertEqual(section("SYNOPSIS", of: "uniform.check.1").first, ".Nm \"uniform check\"")
    }

    /// mandb's parser, where man-db is installed: `man -k uniform` lists every page.
    func testWhatisReadsEveryPage() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/lexgrog") else {
            throw XCTSkip("lexgrog (man-db) is not installed")
        }
        let output = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        for (file, text) in Self.pages {
            try text.write(to: output.appendingPathComponent(file), atomically: true, encoding: .utf8)
            let run = try CLI.run(
                [output.appendingPathComponent(file).path], executable: URL(fileURLWithPath: "/usr/bin/lexgrog"))
            XCTAssertEqual(run.status, 0, "\(file): \(run.stdout)")
            XCTAssertTrue(run.stdout.contains("\"\(file.dropLast(2)) - "), run.stdout)
        }
    }

    func testEveryPageIsASCIIAndSaysItsExitStatuses() throws {
        for (file, text) in Self.pages {
            XCTAssertTrue(text.unicodeScalars.allSatisfy(\.isASCII), file)
            XCTAssertFalse(text.contains("@EMDASH@"), file)
            let status = section("EXIT STATUS", of: file)
            XCTAssertFalse(status.contains(".Ex -std"), file)
            XCTAssertTrue(status.contains(".It 0") && status.contains(".It 2"), "\(file): \(status)")
        }
        let check = section("EXIT STATUS", of: "uniform.check.1").joined(separator: "\n")
        XCTAssertTrue(check.contains(".It 1\nAn error finding, or a warning with --strict"), check)
        for page in ["test", "conforms", "send", "diff", "repl"] {
            XCTAssertTrue(section("EXIT STATUS", of: "uniform.\(page).1").contains(".It 1"), page)
        }
        XCTAssertFalse(section("EXIT STATUS", of: "uniform.resolve.1").contains(".It 1"), "resolve answers or fails")
    }
}
