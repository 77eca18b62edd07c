import ArgumentParser
import UniformRules

/// The `uniform` command: document types, handler resolution and Lua policies, offline.
struct Uniform: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uniform",
        abstract:
            "Answer what type a file is, which apps open it, in what order, and why — offline, from Xcode projects and Info.plist manifests.",
        version: UniformVersion.current,
        subcommands: [
            CheckCommand.self, TestCommand.self, InitCommand.self, ResolveCommand.self, TypeCommand.self,
            ConformsCommand.self, SendCommand.self,
            GraphCommand.self, ReplCommand.self, ClaimsCommand.self, DiffCommand.self, RulesCommand.self,
            PlistCommand.self,
        ]
    )
}
