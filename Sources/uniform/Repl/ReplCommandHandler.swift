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
        (":platform", "[P]", "answer for macos or ios only (all: per platform); alone, show it"),
        (":apps", "", "the loaded apps"),
        (":quit", "", "leave (Ctrl-D works too)"),
    ]
    static let targetCommands: Set<String> = [":why", ":type"]
    static let fileCommands: Set<String> = [":load"]
    /// The options each command takes after its target (`:why .opml --platform macos`).
    static let options: [String: [String]] = [
        ":why": ["--platform", "--no-policies"], ":type": ["--platform"],
    ]

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
        case ":platform": return platform(argument)
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
        lines.append("Tab completes names, fields, option keys, type identifiers and bundle ids; Ctrl-C interrupts.")
        lines.append("`local x = …` at the prompt keeps x for the session (it becomes a session variable).")
        lines.append("With apps of both platforms, :why and :type answer per platform; :platform P picks one.")
        repl.output(lines.joined(separator: "\n"))
        return .ok
    }

    func apps() -> Outcome {
        // The session's platform's apps when `:platform` chose one, else every platform's.
        let apps = repl.engine.withPlatform(repl.platform) { repl.engine.world.apps }
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

    /// `:why TARGET [--platform P] [--no-policies]`: per platform as `uniform resolve --explain`
    /// prints it, unless a platform is given or set with `:platform`.
    func why(_ argument: String) -> Outcome {
        let engine = repl.engine
        do {
            let arguments = try ReplQueryArguments.parse(argument, command: ":why", options: Self.options[":why"]!)
            let query = Query(target: Target.parse(arguments.target, graph: engine.world.graph), text: arguments.target)
            let sections = try engine.resolutionSections(
                query, platform: arguments.platform ?? repl.platform, policies: arguments.policies)
            repl.output(sections.text(same: ResolutionReport.sameAnswer, render: { $0.text(explain: true) }))
            return .ok
        } catch {
            repl.report(ReplSession.describe(error))
            return .failed
        }
    }

    /// `:type TARGET [--platform P]`: as `uniform type` prints it.
    func type(_ argument: String) -> Outcome {
        let engine = repl.engine
        do {
            let arguments = try ReplQueryArguments.parse(argument, command: ":type", options: Self.options[":type"]!)
            let target = Target.parse(arguments.target, graph: engine.world.graph)
            let sections = engine.typeSections(target, platform: arguments.platform ?? repl.platform)
            repl.output(sections.text(same: RuleEngine.sameType, render: \.text))
            return .ok
        } catch {
            repl.report(ReplSession.describe(error))
            return .failed
        }
    }

    /// `:platform P` answers for one platform from now on (Lua queries, `:why`, `:type`,
    /// `:apps`); `:platform all` (or `none`) goes back to answering per platform; alone, it says
    /// which.
    func platform(_ argument: String) -> Outcome {
        let engine = repl.engine
        switch argument.lowercased() {
        case "":
            if let platform = repl.platform {
                repl.output("platform: \(platform.rawValue) (:platform all answers per platform again)")
            } else if let configured = engine.inputs.platform.only {
                repl.output("platform: \(configured.rawValue) (the configuration's)")
            } else {
                let inPlay = engine.platformsInPlay
                repl.output(
                    inPlay.count > 1
                        ? "platform: none; answers are per platform (\(inPlay.map(\.rawValue).joined(separator: ", "))), and Lua queries need { platform = … } (:platform macos picks one)"
                        : "platform: none; \(inPlay.first.map { "every app is \($0.rawValue)" } ?? "no apps")")
            }
            return .ok
        case "all", "none":
            repl.platform = nil
            repl.output("platform: none; answers are per platform")
            return .ok
        default:
            do {
                let platform = try ReplQueryArguments.platform(Substring(argument), command: ":platform")
                repl.platform = platform
                let note =
                    engine.platformsInPlay.contains(platform)
                    ? "" : " (no \(PlatformScope.name(platform)) app is loaded)"
                repl.output("platform: \(platform.rawValue)\(note)")
                return .ok
            } catch {
                repl.report(error.description)
                return .failed
            }
        }
    }
}
