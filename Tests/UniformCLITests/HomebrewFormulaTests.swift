import Foundation
import XCTest

/// The Homebrew formula `scripts/release.sh formula` renders: valid Ruby, and its `install`
/// and `test` run under a stand-in of Homebrew's formula DSL (no Homebrew here), so what it
/// builds and installs is checked: the binary, generate-manual's pages through
/// scripts/manpages.sh, the completions, the LuaLS definitions; a test that runs `check`.
final class HomebrewFormulaTests: XCTestCase {
    func rendered() throws -> String {
        let template = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("scripts/homebrew/uniform.rb.in"), encoding: .utf8)
        return template.replacingOccurrences(of: "@VERSION@", with: "0.2.0")
            .replacingOccurrences(of: "@SHA256@", with: String(repeating: "a", count: 64))
            .replacingOccurrences(of: "@REPOSITORY@", with: "acme/uniform")
    }

    /// (Ruby 2.6, macOS's own, reads it too.)
    /// What Homebrew's DSL does, as far as the formula uses it: class-level declarations are
    /// recorded, `system` and `shell_output` are logged instead of run, paths are the
    /// prefix's folders under a scratch directory.
    static let stand_in = #"""
        require "pathname"
        require "json"
        $log = []
        class Pathname
          def install(*files); files.each { |f| $log << ["install", to_s, f.to_s] }; end
          def mkpath; $log << ["mkpath", to_s]; end
          def write(_text); $log << ["write", to_s]; end
          def read; "<string>Alternate</string>"; end
        end
        module OS; def self.mac?; false; end; end
        def ENV.prepend_path(key, value); $log << ["env", key, value.to_s]; end
        class Formula
          DECLARED = []
          def self.method_missing(name, *args); DECLARED << [name.to_s, args.map(&:to_s)]; end
          def self.test(&block); (@test = block); end
          def self.test_block; @test; end
          def self.[](name); Struct.new(:opt_lib).new(Pathname("/opt/#{name}/lib")); end
          def prefix; Pathname(ENV_PREFIX); end
          def bin; prefix/"bin"; end
          def share; prefix/"share"; end
          def man1; share/"man/man1"; end
          def testpath; Pathname("/test"); end
          def version; "0.2.0"; end
          def system(*args); $log << ["system", *args.map(&:to_s)]; end
          def shell_output(command, status = 0); $log << ["shell", command, status]; "0.2.0 #{command}"; end
          def generate_completions_from_executable(*args); $log << ["completions", *args.map(&:to_s)]; end
          def assert_equal(*); nil; end
          def assert_match(*); nil; end
          def assert_path_exists(path); $log << ["exists", path.to_s]; end
        end
        ENV_PREFIX = "/cellar/uniform/0.2.0"
        load ARGV[0]
        formula = Uniform.new
        formula.install
        formula.instance_eval(&Uniform.test_block)
        puts JSON.generate({ "declared" => Formula::DECLARED, "log" => $log })
        """#

    func testTheFormulaInstallsPagesCompletionsAndDefinitionsAndChecksAManifest() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try rendered().write(to: dir.appendingPathComponent("uniform.rb"), atomically: true, encoding: .utf8)
        try Self.stand_in.write(to: dir.appendingPathComponent("brew.rb"), atomically: true, encoding: .utf8)
        let ruby = URL(fileURLWithPath: "/usr/bin/env")
        let syntax = try CLI.run(["ruby", "-c", "uniform.rb"], in: dir, executable: ruby)
        XCTAssertEqual(syntax.status, 0, "ruby -c: \(syntax.stderr)")

        let run = try CLI.run(["ruby", "brew.rb", "uniform.rb"], in: dir, executable: ruby)
        XCTAssertEqual(run.status, 0, run.stderr)
        let answer = try CLI.json(run.stdout)
        let log = (answer["log"] as? [[Any]] ?? []).map { $0.map { "\($0)" } }
        let declared = (answer["declared"] as? [[Any]] ?? []).map { "\($0[0]) \($0[1])" }
        XCTAssertTrue(declared.contains { $0.hasPrefix("depends_on") && $0.contains("lua@5.4") }, "\(declared)")
        XCTAssertTrue(declared.contains { $0.hasPrefix("url") && $0.contains("v0.2.0/uniform-0.2.0-source.tar.gz") })

        let systems = log.filter { $0[0] == "system" }.map { $0.dropFirst().joined(separator: " ") }
        XCTAssertTrue(
            systems.contains { $0.hasPrefix("swift build") && $0.hasSuffix("--product uniform") }, "\(systems)")
        XCTAssertTrue(systems.contains { $0.hasSuffix("--product generate-manual") }, "\(systems)")
        XCTAssertTrue(
            systems.contains(
                "sh scripts/manpages.sh /cellar/uniform/0.2.0/bin/uniform .build/release/generate-manual "
                    + "/cellar/uniform/0.2.0/share/man/man1"), "\(systems)")
        // generate-manual must have been built before the pages are made from it.
        let built = systems.firstIndex { $0.hasSuffix("--product generate-manual") } ?? Int.max
        let pages = systems.firstIndex { $0.hasPrefix("sh scripts/manpages.sh") } ?? -1
        XCTAssertLessThan(built, pages)
        XCTAssertTrue(log.contains(["install", "/cellar/uniform/0.2.0/bin", ".build/release/uniform"]), "\(log)")
        XCTAssertTrue(log.contains(["install", "/cellar/uniform/0.2.0/share/uniform/lua", "rules/uniform.d.lua"]))
        XCTAssertTrue(log.contains { $0[0] == "completions" && $0.contains("--generate-completion-script") })

        let shells = log.filter { $0[0] == "shell" }.map { "\($0[1]) → \($0[2])" }
        XCTAssertTrue(
            shells.contains { $0.contains("uniform check -m /test/Viewer") && $0.hasSuffix("→ 0") }, "\(shells)")
        XCTAssertTrue(shells.contains { $0.contains("uniform check --strict -m") && $0.hasSuffix("→ 1") }, "\(shells)")
        XCTAssertTrue(log.contains(["exists", "/cellar/uniform/0.2.0/share/man/man1/uniform.check.1"]))
    }

    /// The pieces the formula runs exist where it runs them: scripts/manpages.sh in the source
    /// tarball (git archive of the repository) and the definitions it installs.
    func testWhatTheFormulaInstallsIsInTheSourceTree() throws {
        for path in ["scripts/manpages.sh", "rules/uniform.d.lua", "rules/uniform-test.d.lua"] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: CLI.packageRoot.appendingPathComponent(path).path), path)
        }
    }
}
