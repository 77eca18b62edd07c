import Foundation
import PackagePlugin

/// `swift package uniform [ARGUMENTS]`: runs the `uniform` built from this package with the
/// depending package's directory as the current directory, so `uniform check` finds that
/// package's Xcode projects, manifests and `.uniform.lua` exactly as it would in a terminal there.
/// With no arguments it runs `uniform check`.
///
/// The plugin asks for no permissions: `check`, `test`, `resolve` and the other questions only
/// read. `uniform init` and reporters that write files (`--format sarif:out.sarif`) need
/// `--allow-writing-to-package-directory`, which SwiftPM's sandbox on macOS enforces.
@main
struct UniformPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let status = try UniformPlugin.run(
            tool: try context.tool(named: "uniform").url,
            arguments: arguments,
            in: context.package.directoryURL)
        // SwiftPM reports "Plugin ended with exit code N" and fails the command, so a failing check
        // fails `swift package uniform` (whose own exit status is then 1).
        if status != 0 { exit(status) }
    }

    /// Runs `uniform` with the terminal's standard streams, so its findings, their `file:line:`
    /// prefixes and any report on standard output reach the caller unchanged.
    static func run(tool: URL, arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments.isEmpty ? ["check"] : arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode (File › Packages, or right-click the project › uniform): the same command, run in the
/// folder that holds the `.xcodeproj`.
extension UniformPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let status = try UniformPlugin.run(
            tool: try context.tool(named: "uniform").url,
            arguments: arguments,
            in: context.xcodeProject.directoryURL)
        if status != 0 { exit(status) }
    }
}
#endif
