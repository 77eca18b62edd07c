import Foundation
import UniformCore
import UniformRules

/// The REPL's `:` commands: questions about the loaded world that would be verbose in Lua
/// (`:why .pdb`), and session control (`:load`, `:reload`, `:quit`).
struct ReplCommandHandler {
    enum Outcome: Equatable {
        case ok
        case failed
        case quit
    }

    /// Name, argument, summary: the `:help` table and the completer's word list.
    static let commands: [(name: String, argument: String, summary: String)] = [
        (":help", "", "this list"),
        (":load", "FILE", "run a Lua rule file in this session (kept across :reload)"),
        (":reload", "", "re-read the configuration, manifests and rule files (a fresh Lua state)"),
        (":why", "TARGET", "who opens TARGET, in what order, and why (resolve --explain)"),
        (":type", "TARGET", "the type of TARGET: declaration, parents, supertypes, tags"),
        (":apps", "", "the loaded apps"),
        (":quit", "", "leave (Ctrl-D works too)"),
    ]
    static let targetCommands: Set<String> = [":why", ":type"]
    static let fileCommands: Set<String> = [":load"]

    unowned let repl: ReplSession

    /// Runs one command line (it starts with `:`).
    func run(_ line: String) -> Outcome {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let name = String(trimmed.prefix { !$0.isWhitespace })
        let argument = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        switch name {
        case ":help", ":h", ":?": return help()
        case ":quit", ":q", ":exit": return .quit
        case ":apps": return apps()
        case ":reload": return repl.reload() ? .ok : .failed
        case ":load", ":why", ":type":
            guard !argument.isEmpty else {
                repl.report(
                    "\(name) needs an argument: \(name) \(Self.commands.first { $0.name == name }?.argument ?? "")")
                return .failed
            }
            switch name {
            case ":load": return repl.load(file: argument) ? .ok : .failed
            case ":why": return why(argument)
            default: return type(argument)
            }
        default:
            repl.report("unknown command \(name) (:help lists them)")
            return .failed
        }
    }

    func help() -> Outcome {
        var lines = ["Commands:"]
        for command in Self.commands {
            let head = command.argument.isEmpty ? command.name : command.name + " " + command.argument
            lines.append("  " + head.padding(toLength: 14, withPad: " ", startingAt: 0) + command.summary)
        }
        lines.append("")
        lines.append("Anything else is Lua, with the same sandbox and `uniform` API as rule files:")
        lines.append("  uniform.type(\".pdb\")   uniform.resolve(\"file.pdb\")   uniform.apps()")
        lines.append("An expression prints its value; an unfinished chunk continues on the next line.")
        lines.append("Tab completes names, fields, type identifiers and bundle ids; Ctrl-C interrupts.")
        repl.output(lines.joined(separator: "\n"))
        return .ok
    }

    func apps() -> Outcome {
        let apps = repl.engine.world.apps
        if apps.isEmpty {
            repl.output("(no apps: pass manifests with -m, or :load rules that declare apps)")
            return .ok
        }
        let idWidth = apps.map(\.bundleID.count).max() ?? 0
        let nameWidth = apps.map { ($0.name ?? "-").count }.max() ?? 0
        repl.output(
            apps.map { app in
                ReportText.line(
                    "  " + app.bundleID.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                        + (app.name ?? "-").padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                        + app.platform.rawValue + "  " + app.file)
            }.joined(separator: "\n"))
        return .ok
    }

    func why(_ target: String) -> Outcome {
        let engine = repl.engine
        let world = engine.world
        do {
            let resolution = try engine.resolve(Query(target: Target.parse(target, graph: world.graph), text: target))
            repl.output(ResolutionReport(resolution, graph: world.graph).text(explain: true))
            return .ok
        } catch {
            repl.report(ReplSession.describe(error))
            return .failed
        }
    }

    func type(_ target: String) -> Outcome {
        let world = repl.engine.world
        let type = TypeResolver(graph: world.graph).resolve(Target.parse(target, graph: world.graph))
        repl.output(TypeReport(type, graph: world.graph).text)
        return .ok
    }
}
