import Foundation
import XCTest

/// A hostile pull request controls the manifests, the project and settings files, the Lua rule
/// and test files and the file names `uniform` reads, and a CI runner reads what `uniform` writes
/// line by line: GitHub's runner takes a line whose first non-blank characters are `::` for a
/// workflow command (an annotation, `::add-mask::`, `::stop-commands::`), its legacy parser takes
/// `##[` anywhere in a line. Whatever is planted, no line of any command, on standard output or
/// standard error, in any reporter, may do either — but the `github` reporters' own
/// annotations, one line per finding or failed test.
final class HostileOutputTests: XCTestCase {
    /// Line breaks, a workflow command after blanks, GitHub's legacy marker, a bidi override.
    static let payload = "\n::error file=README.md,line=1::FORGED\r\n  ::add-mask::FORGED\r##[error]FORGED\u{202E}gnp"

    /// The payload in an XML property list (`\r` as a reference: XML turns a literal one into `\n`).
    static var xmlPayload: String { payload.replacingOccurrences(of: "\r", with: "&#13;") }

    /// The payload in a Lua string literal.
    static var luaPayload: String {
        payload.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\u{202E}", with: "\\u{202E}")
    }

    static func manifest(_ id: String) -> String {
        let evil = "com.acme.evil" + xmlPayload
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>\(id)</string>
            <key>CFBundleDocumentTypes</key><array><dict>
            <key>CFBundleTypeName</key><string>Doc\(xmlPayload)</string>
            <key>CFBundleTypeRole</key><string>Editor</string>
            <key>LSItemContentTypes</key><array><string>\(evil)</string></array>
            </dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
            <key>UTTypeIdentifier</key><string>\(evil)</string>
            <key>UTTypeDescription</key><string>Evil\(xmlPayload)</string>
            <key>UTTypeConformsTo</key><array><string>public.data</string></array>
            <key>UTTypeTagSpecification</key><dict>
            <key>public.filename-extension</key><array><string>evl\(xmlPayload)</string></array>
            <key>public.mime-type</key><array><string>application/x-evil\(xmlPayload)</string></array>
            </dict>
            </dict></array>
            </dict></plist>
            """
    }

    /// A project whose target is named with the payload (a quoted OpenStep string may hold line
    /// breaks), its bundle id set in an xcconfig with `::` and `##[` in values.
    static let project = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 56;
        	objects = {
        		P1 = { isa = PBXProject; buildConfigurationList = L1; mainGroup = G1; targets = ( T1 ); };
        		G1 = { isa = PBXGroup; children = ( F1 ); sourceTree = "<group>"; };
        		F1 = { isa = PBXFileReference; path = App/Base.xcconfig; sourceTree = "<group>"; };
        		L1 = { isa = XCConfigurationList; buildConfigurations = ( C1 ); };
        		C1 = { isa = XCBuildConfiguration; name = Release; buildSettings = { }; };
        		T1 = { isa = PBXNativeTarget; name = "Evil\(payload.replacingOccurrences(of: "\r", with: ""))"; productType = "com.apple.product-type.application"; buildConfigurationList = L2; };
        		L2 = { isa = XCConfigurationList; buildConfigurations = ( C2 ); };
        		C2 = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = F1; buildSettings = { INFOPLIST_FILE = App/Info.plist; SDKROOT = macosx; }; };
        	};
        	rootObject = P1;
        }
        """

    static let xcconfig = """
        EVIL = -::error::FORGED-XCCONFIG
        OTHER = ##[error]FORGED-XCCONFIG
        PRODUCT_BUNDLE_IDENTIFIER = com.acme.evil$(EVIL)

        """

    static var rules: String {
        """
        uniform.check {
          id = "evil\(luaPayload)",
          severity = "error",
          description = "what\(luaPayload)",
          example = "for example\(luaPayload)",
          run = function(report)
            for _, app in ipairs(uniform.apps()) do
              report { message = "found\(luaPayload)\\27[2J", at = app, subject = "s\(luaPayload)" }
            end
            print("printed\(luaPayload)")
          end,
        }

        """
    }

    static var tests: String {
        """
        describe("suite\(luaPayload)", function()
          it("raises\(luaPayload)", function()
            print("output\(luaPayload)")
            error("boom\(luaPayload)")
          end)
          it("asserts", function()
            assert.are.equal("a\(luaPayload)", "b\(luaPayload)", "why\(luaPayload)")
          end)
          it("compares", function()
            assert.same({ "a\(luaPayload)" }, { "b" })
          end)
          it("opens", function()
            assert.handlers("x.evl", { "nobody\(luaPayload)" })
          end)
          pending("later\(luaPayload)")
        end)

        """
    }

    /// The hostile repository: a project, its manifest, a loose manifest in a folder whose name
    /// holds the payload (where the file system allows it), a configuration, rules and tests.
    static func repository() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try TestManifest.write(project, to: dir, "App.xcodeproj/project.pbxproj")
        try TestManifest.write(xcconfig, to: dir, "App/Base.xcconfig")
        try TestManifest.write(manifest("$(PRODUCT_BUNDLE_IDENTIFIER)"), to: dir, "App/Info.plist")
        try? TestManifest.write(manifest("com.acme.loose"), to: dir, "Loose\(payload)/Info.plist")
        try TestManifest.write(rules, to: dir, "rules/evil.lua")
        try TestManifest.write(tests, to: dir, "tests/evil_test.lua")
        try TestManifest.write("error(\"does not load\(luaPayload)\")\n", to: dir, "tests/broken_test.lua")
        try? TestManifest.write(tests, to: dir, "tests/named\(payload)_test.lua")
        try TestManifest.write(
            "return { rules = { \"rules/evil.lua\" }, tests = { \"tests\" } }\n", to: dir, ".uniform.lua")
        return dir
    }

    /// Lines as a runner splits them (`\r` ends one too).
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }

    /// What GitHub's runner trims before it looks for `::`.
    static func trimmed(_ line: Substring) -> Substring {
        line.drop(while: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) })
    }

    /// No line starts a workflow command; with `commands`, standard output is nothing but them.
    func assertInert(
        _ result: CLI.Result?, _ label: String, commands: Int? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let result else { return XCTFail("\(label): did not run", file: file, line: line) }
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            var commandLines = 0
            for row in Self.lines(text) {
                XCTAssertFalse(row.contains("##["), "\(label) \(stream): \(row)", file: file, line: line)
                guard Self.trimmed(row).hasPrefix("::") else { continue }
                if let commands, stream == "stdout", row.hasPrefix("::") {
                    commandLines += 1
                } else {
                    XCTFail("\(label) \(stream) starts a workflow command: \(row)", file: file, line: line)
                }
            }
            if let commands, stream == "stdout" {
                XCTAssertEqual(commandLines, commands, "\(label): one annotation each", file: file, line: line)
                XCTAssertFalse(
                    Self.lines(text).contains { !$0.isEmpty && !$0.hasPrefix("::") }, "\(label): \(text)", file: file,
                    line: line)
            }
        }
        XCTAssertFalse(
            (result.stdout + result.stderr).unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E },
            "\(label): raw escape or bidi override", file: file, line: line)
    }

    func testNothingPlantedStartsAWorkflowCommand() throws {
        let dir = try Self.repository()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The old world of `diff`: one plain app.
        let old = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: old) }
        try TestManifest.write(TestManifest.app("com.acme.plain", claims: ["public.png"]), to: old, "Info.plist")

        let json = try CLI.run(["check", "--format", "json"], in: dir)
        let findings = try XCTUnwrap(try CLI.json(json.stdout)["findings"] as? [[String: Any]])
        XCTAssertTrue(findings.contains { ($0["message"] as? String)?.contains("found" + Self.payload) == true })
        let tests = try CLI.run(["test", "--format", "json"], in: dir)
        let results = try XCTUnwrap(try CLI.json(tests.stdout)["tests"] as? [[String: Any]])
        let failed = results.filter { ["failed", "errored"].contains($0["status"] as? String) }.count
        XCTAssertGreaterThanOrEqual(failed, 5, tests.stdout)

        let evilType = "uti:com.acme.evil" + Self.payload
        let repl = """
            return uniform.apps()
            return uniform.type("x.evl"), uniform.resolve("x.evl")
            return uniform.explain("x.evl")
            return "s\(Self.luaPayload)", { "t\(Self.luaPayload)" }
            print("p\(Self.luaPayload)")
            error("e\(Self.luaPayload)")
            :apps
            :type x.evl
            :why x.evl
            :load rules/evil.lua

            """
        var jobs: [(label: String, arguments: [String], commands: Int?, stdin: String?)] = [
            ("check", ["check"], nil, nil),
            ("check --verbose", ["check", "--verbose"], nil, nil),
            ("check a named folder", ["check", "App.xcodeproj", "Loose" + Self.payload], nil, nil),
            ("check to a file", ["check", "--format", "text:report.txt"], nil, nil),
            ("test", ["test"], nil, nil),
            ("test --list", ["test", "--list"], nil, nil),
            ("resolve", ["resolve", "--explain", "x.evl"], nil, nil),
            ("resolve a type", ["resolve", "--explain", evilType], nil, nil),
            ("resolve json", ["resolve", "--format", "json", "x.evl"], nil, nil),
            ("type", ["type", evilType], nil, nil),
            ("type json", ["type", "--format", "json", evilType], nil, nil),
            ("claims", ["claims", "x.evl"], nil, nil),
            ("claims of a type", ["claims", evilType], nil, nil),
            ("conforms", ["conforms", "x.evl", "public.data"], nil, nil),
            ("send", ["send", "x.evl", "--from", "com.acme.loose", "--to", "nobody" + Self.payload], nil, nil),
            ("graph", ["graph", "x.evl"], nil, nil),
            ("graph mermaid", ["graph", "--format", "mermaid", evilType], nil, nil),
            ("diff", ["diff", old.path, "."], nil, nil),
            ("diff json", ["diff", "--format", "json", old.path, "."], nil, nil),
            ("rules", ["rules"], nil, nil),
            ("rules ID", ["rules", "evil" + Self.payload], nil, nil),
            ("rules json", ["rules", "--format", "json"], nil, nil),
            ("repl", ["repl"], nil, repl),
            ("plist", ["plist", "App/Info.plist"], nil, nil),
            ("plist json", ["plist", "--format", "json", "App/Info.plist"], nil, nil),
            ("plist xml", ["plist", "--format", "xml", "App/Info.plist"], nil, nil),
            ("unreadable", ["check", "-m", "missing" + Self.payload], nil, nil),
        ]
        for format in ["text", "xcode", "github", "tap", "junit", "json", "sarif"] {
            jobs.append(
                (
                    "check --format \(format)", ["check", "--format", format],
                    format == "github" ? findings.count : nil, nil
                ))
        }
        for format in ["text", "github", "tap", "junit", "json"] {
            jobs.append(
                ("test --format \(format)", ["test", "--format", format], format == "github" ? failed : nil, nil))
        }
        let runs = CLI.concurrently(jobs.count) { i in
            try? CLI.run(jobs[i].arguments, in: dir, stdin: jobs[i].stdin)
        }
        for (job, run) in zip(jobs, runs) {
            assertInert(run, job.label, commands: job.commands)
            if job.label.hasSuffix("json") || job.label.hasSuffix("sarif"), let run {
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)), job.label)
            }
        }
        let text = try XCTUnwrap(runs[0])
        XCTAssertTrue(text.stdout.contains("found\\n::error file=README.md,line=1::FORGED\\r\\n"), text.stdout)
        let report = try String(contentsOf: dir.appendingPathComponent("report.txt"), encoding: .utf8)
        assertInert(CLI.Result(status: 0, stdout: report, stderr: ""), "the report file")
        // An assertion's own lines stay; what came from the test file is on one line.
        let test = try XCTUnwrap(runs[4])
        XCTAssertTrue(test.stdout.contains("\n  expected: \"a\\n::error file=README.md,line=1::FORGED"), test.stdout)
        XCTAssertTrue(test.stdout.contains("\n  actual:   \"b\\n::error file=README.md,line=1::FORGED"), test.stdout)

        // `uniform init` names what it found in comments and strings of the files it writes.
        let fresh = try Self.repository()
        defer { try? FileManager.default.removeItem(at: fresh) }
        for name in [".uniform.lua", "tests", "rules"] {
            try FileManager.default.removeItem(at: fresh.appendingPathComponent(name))
        }
        assertInert(try CLI.run(["init"], in: fresh), "init")
        for name in [".uniform.lua", "tests/document_types_test.lua"] {
            let written = try String(contentsOf: fresh.appendingPathComponent(name), encoding: .utf8)
            assertInert(CLI.Result(status: 0, stdout: written, stderr: ""), name)
        }
        let after = try CLI.run(["test"], in: fresh)
        XCTAssertEqual(after.status, 0, "the written files still load: \(after.stdout)\(after.stderr)")
    }
}
