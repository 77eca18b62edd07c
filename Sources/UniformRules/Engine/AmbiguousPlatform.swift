import UniformCore

/// A question about a world with apps of both platforms that did not say which: each platform
/// is its own world (docs/SPEC.md §2), so one merged answer would rank a Mac app against iOS apps and
/// run policies over both (issue 30). The message says how to choose.
public struct AmbiguousPlatform: Error, CustomStringConvertible, Sendable {
    /// The platforms whose apps are in play, in `Platform.allCases` order.
    public var platforms: [Platform]

    public init(platforms: [Platform]) { self.platforms = platforms }

    public var description: String {
        "the world has apps of \(platforms.map(PlatformScope.name).joined(separator: " and ")), each its own world; say which"
    }

    /// The message for a Lua call: `uniform.resolve: the world has … say which:
    /// uniform.resolve(".opml", { platform = "macos" }) (or platform = in .uniform.lua, --platform)`.
    public func message(function: String, example: String) -> String {
        let first = platforms.first?.rawValue ?? Platform.macos.rawValue
        let call = example.replacingOccurrences(of: "PLATFORM", with: "platform = \"\(first)\"")
        return "\(function): \(description): \(call) (or set platform = in .uniform.lua, or pass --platform)"
    }
}
