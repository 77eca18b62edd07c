import Foundation
import UniformCore

/// Fuzz harnesses for the readers that take files from a pull request besides plists: Xcode
/// projects (`project.pbxproj` and the build-settings resolution behind it), `.xcconfig` files,
/// and `.ipa` archives. `UNIFORM_FUZZ` chooses one: `pbxproj`, `xcconfig` or `zip`.
///
/// Built with `-DFUZZING` and `--sanitize=fuzzer` it is a libFuzzer target (see
/// Tests/Fuzz/README.md); built normally it replays the files named on its command line, so a
/// crash file can be rerun under a debugger and `swift build` needs no fuzzer.
enum FuzzHarness: String {
    case pbxproj, xcconfig, zip

    static let selected: FuzzHarness = {
        guard let name = ProcessInfo.processInfo.environment["UNIFORM_FUZZ"], let harness = FuzzHarness(rawValue: name)
        else {
            FileHandle.standardError.write(Data("set UNIFORM_FUZZ to pbxproj, xcconfig or zip\n".utf8))
            exit(2)
        }
        return harness
    }()

    /// A folder no input may read from: includes and references point nowhere real.
    static let boundary = "/nonexistent-uniform-fuzz"

    /// One input. Anything but a clean error is a bug: a crash, a hang, a sanitizer report.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .pbxproj:
            guard let project = try? XcodeProject.parse(bytes: bytes, path: Self.boundary + "/Fuzz.xcodeproj") else {
                return
            }
            for configuration in ["Release", "Debug"] {
                _ = ProjectReader(configuration: configuration, boundary: Self.boundary).read(project)
            }
        case .xcconfig:
            let config = XCConfig.parse(
                String(decoding: bytes, as: UTF8.self), file: Self.boundary + "/Fuzz.xcconfig", boundary: Self.boundary)
            // Every route an xcconfig takes: a level of its own (a project's base
            // configuration, `--xcconfig`), evaluated for a manifest outside a project and for
            // a device build, under a project's levels as `--xcconfig` puts it.
            let level = SettingsStack.Level(name: "xcconfig", assignments: config.assignments)
            for sdk in [nil, "iphoneos"] as [String?] {
                let parameters = BuildParameters(sdk: sdk, configuration: "Release")
                _ = SettingsStack(levels: [level], parameters: parameters).table()
                let target = SettingsStack.Level(
                    name: "target",
                    assignments: config.assignments.prefix(64).map {
                        SettingAssignment(name: $0.name, value: "$(inherited) $(\($0.name))", location: $0.location)
                    })
                _ = SettingsStack(levels: [level, target, level], parameters: parameters).table()
            }
        case .zip:
            // The loader reads archives from disk; one scratch file per process is rewritten.
            let path = Self.scratch
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
            _ = ManifestLoader().load([path])
        }
    }

    static let scratch = NSTemporaryDirectory() + "/uniform-fuzz-\(getpid()).ipa"
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzHarness.selected.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
struct FuzzReplay {
    static func main() {
        let harness = FuzzHarness.selected
        let budget = Double(ProcessInfo.processInfo.environment["UNIFORM_FUZZ_BUDGET"] ?? "") ?? 2
        var slow: [String] = []
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            let files =
                FileManager.default.fileExists(atPath: path + "/.")
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                let start = Date()
                harness.run([UInt8](data))
                let seconds = Date().timeIntervalSince(start)
                if seconds > budget { slow.append(String(format: "%@: %.1f s", file, seconds)) }
                count += 1
            }
        }
        print("replayed \(count) input\(count == 1 ? "" : "s") through the \(harness.rawValue) harness")
        // A hostile input that takes seconds is a denial of service even when it ends.
        guard slow.isEmpty else {
            print("over the \(Int(budget)) s budget per input:\n  " + slow.joined(separator: "\n  "))
            exit(1)
        }
    }
}
#endif
