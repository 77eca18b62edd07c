import UniformCore
import UniformLua

extension UniformAPI {
    /// The one platform a query answers for and that platform's world (docs/SPEC.md §2: each platform
    /// is its own world): the `platform` option, else the configuration's, else the running
    /// check's or policy's, else the only platform with apps. With apps of both and none of
    /// these it is an error at the rule's line that shows the call with `{ platform = … }`;
    /// `example` is that call with `PLATFORM` where the option goes.
    func answering(
        _ options: LuaArguments?, _ function: String, example: @autoclosure () -> String
    ) throws -> (platform: Platform?, world: World) {
        let asked = try platformOption(options, function)
        do {
            let platform = try engine.answeringPlatform(asked)
            return (platform, engine.world(answering: platform))
        } catch {
            throw LuaArguments.Problem(description: error.message(function: "uniform.\(function)", example: example()))
        }
    }

    /// The `platform` option, checked: `ios` or `macos`, with the nearest for anything else.
    func platformOption(_ options: LuaArguments?, _ function: String) throws -> Platform? {
        guard let name = try options?.string("platform") else { return nil }
        if let platform = Platform(rawValue: name) { return platform }
        throw LuaArguments.Problem(description: "uniform.\(function): \(Self.unknownPlatform(name))")
    }

    /// `'platform' must be ios or macos, got 'macOS' (did you mean macos?)`.
    static func unknownPlatform(_ name: String) -> String {
        let nearest = Platform.allCases.map(\.rawValue).min {
            EditDistance.between(name, $0) < EditDistance.between(name, $1)
        }
        let hint = nearest.map { EditDistance.between(name, $0) <= 3 ? " (did you mean \($0)?)" : "" } ?? ""
        return "'platform' must be ios or macos, got '\(name.prefix(64))'\(hint)"
    }

    /// A Lua string literal for an error message's example call.
    static func quoted(_ text: String) -> String {
        "\"" + ReportText.line(String(text.prefix(64))).replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
