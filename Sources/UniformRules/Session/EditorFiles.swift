import Foundation
import UniformStandardRules

/// The editor and lint files `uniform init` writes beside `.uniform.lua`: a `.luacheckrc` whose
/// std is the rule sandbox exactly (so `io.open` or `uniform.polcy` is a lint error before
/// anything runs; `require` is the sandbox's own, of modules in the repository), and a `.luarc.json` that points the Lua language server
/// (LuaLS) at the API's definitions, which a release installs in `PREFIX/share/uniform/lua`.
public struct EditorFiles {
    public static let luacheckPath = ".luacheckrc"
    public static let luarcPath = ".luarc.json"
    /// Where the release's install puts the definitions, relative to the prefix.
    public static let definitionsFolder = "share/uniform/lua"
    /// The prefixes installs use (Homebrew on Apple silicon and on Intel, the system's, a
    /// user's own): listed in `.luarc.json` so one committed file serves the whole team. LuaLS
    /// skips a library folder that does not exist, and reads `~` as the home folder.
    public static let commonPrefixes = ["/opt/homebrew", "/usr/local", "/usr", "~/.local"]

    public var luacheckrc: String
    public var luarc: String
    /// The definitions folder this `uniform` was installed with, when it is not under one of
    /// `commonPrefixes` (it is then named in `.luarc.json` too); nil when none was found.
    public var extraLibrary: String?

    /// `installedDefinitions`: the folder holding this binary's `uniform.d.lua`, if any.
    public init(installedDefinitions: String?) {
        let common = Self.commonPrefixes.map { "\($0)/\(Self.definitionsFolder)" }
        let extra = installedDefinitions.flatMap { found in
            common.contains { Self.expandingHome($0) == found } ? nil : found
        }
        extraLibrary = extra
        let library = common + (extra.map { [$0] } ?? [])
        luarc = """
            {
              "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
              "runtime.version": "Lua 5.4",
              "runtime.builtin": { "io": "disable", "debug": "disable", "package": "disable" },
              "workspace.library": [
            \(library.map { "    \(Self.jsonString($0))" }.joined(separator: ",\n"))
              ],
              "workspace.checkThirdParty": false
            }

            """
        luacheckrc = Self.userLuacheckrc(StandardRules.luacheckConfiguration)
    }

    /// The project's own `.luacheckrc` with a header for a team's repository: the std part is
    /// the same text, so it cannot drift from what the tests check against the sandbox. The
    /// section about uniform's own sources (`uniform-own-begin` to `uniform-own-end`) is left out.
    static func userLuacheckrc(_ shipped: String) -> String {
        var lines = Array(shipped.split(separator: "\n", omittingEmptySubsequences: false))
        if let begin = lines.firstIndex(where: { $0.hasPrefix("-- uniform-own-begin") }),
            let end = lines[begin...].firstIndex(where: { $0.hasPrefix("-- uniform-own-end") })
        {
            lines.removeSubrange(begin...end)
        }
        let body = lines.drop { $0.hasPrefix("--") }
        let header = """
            -- luacheck configuration written by `uniform init`: rule files see exactly what uniform's
            -- sandbox gives them (no io, debug, package or os.execute) and the `uniform` API name by
            -- name, so `uniform.polcy(...)` or `io.open` is a lint error before anything runs. Test
            -- files (*_test.lua, *_spec.lua) also see busted's DSL, uniform's assertions and `fixture`.
            -- Run: luacheck .   (a newer uniform may add API names: `uniform init --editor-files` rewrites it)
            """
        return header + "\n" + body.joined(separator: "\n")
    }

    static func expandingHome(_ path: String) -> String {
        guard path.hasPrefix("~/") else { return path }
        return NSHomeDirectory() + String(path.dropFirst())
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
