import Foundation
import XCTest

/// scripts/install.sh, as release.sh packs it into a tarball, run by `/bin/sh` (dash on
/// Debian) on a stand-in package: it installs under a prefix, and refuses with one line a
/// damaged file, another system or architecture, and a newer installed uniform. `uname` and
/// `fish` are stand-ins on PATH, so the machine and fish's folders are the test's.
final class InstallScriptTests: XCTestCase {
    var dir: URL!
    let package = "uniform-9.0.0-linux-x86_64"

    override func setUpWithError() throws {
        dir = try CLI.temporaryDirectory()
        let folder = dir.appendingPathComponent(package)
        let files = [
            "bin/uniform": "#!/bin/sh\necho 9.0.0\n", "share/man/man1/uniform.1": ".Dd x\n",
            "share/man/man1/uniform.check.1": ".Dd x\n", "share/bash-completion/completions/uniform": "# bash\n",
            "share/zsh/site-functions/_uniform": "#compdef uniform\n",
            "share/fish/vendor_completions.d/uniform.fish": "# fish\n", "share/uniform/lua/uniform.d.lua": "-- d\n",
            "share/uniform/lua/uniform-test.d.lua": "-- t\n", "LICENSE": "licence\n",
            "THIRD-PARTY-NOTICES": "notices\n",
        ]
        for (path, text) in files { try TestManifest.write(text, to: folder, path) }
        let script = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("scripts/install.sh"), encoding: .utf8
        ).replacingOccurrences(of: "@VERSION@", with: "9.0.0").replacingOccurrences(of: "@OS@", with: "linux")
            .replacingOccurrences(of: "@ARCH@", with: "x86_64")
        try TestManifest.write(script, to: folder, "install.sh")
        try stub("uname", "case \"$1\" in -s) echo \"${UNAME_S:-Linux}\" ;; -m) echo \"${UNAME_M:-x86_64}\" ;; esac")
        // fish -c '…$fish_complete_path…' / '…$__fish_sysconf_dir…'
        try stub(
            "fish",
            "case \"$2\" in *fish_complete_path*) printf '%s\\n' $FISH_PATHS ;; *sysconf*) echo \"$FISH_SYSCONF\" ;; esac"
        )
        try executable("\(package)/bin/uniform")
        try shell(
            "if command -v sha256sum >/dev/null; then sum=sha256sum; else sum='shasum -a 256'; fi; "
                + "cd \(package) && find . -type f ! -name SHA256SUMS | sed 's|^\\./||' | sort | xargs $sum > SHA256SUMS"
        )
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func stub(_ tool: String, _ body: String) throws {
        try TestManifest.write("#!/bin/sh\n\(body)\n", to: dir, "tools/\(tool)")
        try executable("tools/\(tool)")
    }

    func executable(_ path: String) throws {
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: dir.appendingPathComponent(path).path)
    }

    func shell(_ command: String) throws {
        let result = try CLI.run(["-c", command], in: dir, executable: URL(fileURLWithPath: "/bin/sh"))
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func install(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(
            ["\(package)/install.sh", "--prefix", dir.appendingPathComponent("prefix").path] + arguments, in: dir,
            environment: [
                "PATH": dir.appendingPathComponent("tools").path + ":/usr/bin:/bin", "FISH_PATHS": "/nowhere",
                "FISH_SYSCONF": dir.appendingPathComponent("etc-fish").path,
            ].merging(environment) { _, new in new }, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path)
    }

    /// One line on standard error, exit 1.
    func assertRefused(_ result: CLI.Result, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("install.sh: " + message), result.stderr, file: file, line: line)
    }

    func testInstallsEverythingUnderThePrefix() throws {
        let result = try install()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("installed uniform 9.0.0 in "), result.stdout)
        for path in [
            "bin/uniform", "share/man/man1/uniform.check.1", "share/bash-completion/completions/uniform",
            "share/zsh/site-functions/_uniform", "share/fish/vendor_completions.d/uniform.fish",
            "share/uniform/lua/uniform.d.lua", "share/uniform/lua/uniform-test.d.lua", "share/doc/uniform/LICENSE",
        ] {
            XCTAssertTrue(exists("prefix/" + path), path)
        }
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("prefix/bin/uniform").path))
        // fish does not read the prefix's folder: outside /usr/local, a note says what to do…
        XCTAssertFalse(exists("etc-fish/completions/uniform.fish"), "nothing outside the prefix")
        XCTAssertTrue(result.stdout.contains("add its prefix to XDG_DATA_DIRS"), result.stdout)
        // …and the completion goes to fish's system folder too, as under /usr/local.
        let system = try install(["--fish-system"])
        XCTAssertEqual(system.status, 0, system.stderr)
        XCTAssertTrue(exists("etc-fish/completions/uniform.fish"))
        XCTAssertTrue(system.stdout.contains("its completion is also in "), system.stdout)
        // Again: the same version is replaced without --force.
        XCTAssertEqual(try install().status, 0)
    }

    func testFishThatReadsThePrefixGetsNothingElse() throws {
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("prefix/share/fish/vendor_completions.d"), withIntermediateDirectories: true)
        let fishDir = dir.appendingPathComponent("prefix/share/fish/vendor_completions.d").resolvingSymlinksInPath()
            .path
        let result = try install(["--fish-system"], environment: ["FISH_PATHS": fishDir])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(exists("etc-fish/completions/uniform.fish"))
    }

    func testADamagedFileIsRefused() throws {
        try "-- changed\n".write(
            to: dir.appendingPathComponent("\(package)/share/uniform/lua/uniform.d.lua"), atomically: true,
            encoding: .utf8
        )
        assertRefused(try install(), "checksum mismatch: share/uniform/lua/uniform.d.lua differs from SHA256SUMS")
        XCTAssertFalse(exists("prefix/bin/uniform"), "nothing is installed")
    }

    func testATarballBesideThatDoesNotMatchItsChecksumIsRefused() throws {
        try "not a tarball".write(
            to: dir.appendingPathComponent("\(package).tar.gz"), atomically: true, encoding: .utf8)
        try "\(String(repeating: "0", count: 64))  \(package).tar.gz\n".write(
            to: dir.appendingPathComponent("\(package).tar.gz.sha256"), atomically: true, encoding: .utf8)
        assertRefused(try install(), "checksum mismatch: ")
    }

    func testAnotherSystemOrArchitectureIsRefused() throws {
        assertRefused(
            try install(environment: ["UNAME_M": "riscv64"]), "no uniform release for the riscv64 architecture")
        assertRefused(try install(environment: ["UNAME_S": "FreeBSD"]), "no uniform release for FreeBSD")
        assertRefused(
            try install(environment: ["UNAME_M": "aarch64"]),
            "\(package) is for linux x86_64, this machine is linux arm64: download uniform-9.0.0-linux-arm64.tar.gz")
        assertRefused(
            try install(environment: ["UNAME_S": "Darwin"]), "\(package) is for linux x86_64, this machine is macos")
        XCTAssertEqual(try install(environment: ["UNAME_M": "amd64"]).status, 0)
    }

    func testANewerInstalledVersionNeedsForce() throws {
        func installed(_ version: String) throws {
            try TestManifest.write("#!/bin/sh\necho \(version)\n", to: dir, "prefix/bin/uniform")
            try executable("prefix/bin/uniform")
        }
        try installed("10.0.0")
        assertRefused(
            try install(),
            "uniform 10.0.0 is installed in \(dir.appendingPathComponent("prefix").path), newer than 9.0.0; --force replaces it"
        )
        try installed("9.0.1")
        assertRefused(try install(), "uniform 9.0.1 is installed")
        XCTAssertEqual(try install(["--force"]).status, 0)
        XCTAssertEqual(try CLI.run([], executable: dir.appendingPathComponent("prefix/bin/uniform")).stdout, "9.0.0\n")
        try installed("8.10.0")
        XCTAssertEqual(try install().status, 0, "an older one is replaced")
    }
}
