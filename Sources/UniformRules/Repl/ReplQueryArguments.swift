import UniformCore

/// The argument of `:why` and `:type`: a target and the options after it, `--platform P`
/// (or `--platform=P`) and, for `:why`, `--no-policies` — options are read as options, never as
/// part of the target (issue 30: `:why .opml --platform macos` asked about `.opml --platform
/// macos`). A target may hold spaces (`:why My Feeds.opml`).
public struct ReplQueryArguments: Equatable, Sendable {
    public var target: String
    public var platform: Platform?
    public var policies = true

    public init(target: String, platform: Platform? = nil, policies: Bool = true) {
        self.target = target
        self.platform = platform
        self.policies = policies
    }

    /// A usage mistake, said with the nearest valid name.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `text` for `command` (`:why`), which takes the options in `options`.
    public static func parse(_ text: String, command: String, options: [String]) throws(Problem) -> ReplQueryArguments {
        var words: [Substring] = []
        var platform: Platform?
        var policies = true
        var pending = text.split(whereSeparator: \.isWhitespace)[...]
        while let word = pending.popFirst() {
            guard word.hasPrefix("--") else {
                words.append(word)
                continue
            }
            let (name, inline) =
                word.firstIndex(of: "=").map { (word[..<$0], Optional(word[word.index(after: $0)...])) }
                ?? (word, nil)
            guard options.contains(String(name)) else {
                throw Problem(
                    description:
                        "\(command): unknown option \(name)\(nearest(name, in: options)); it takes \(usage(options))")
            }
            switch name {
            case "--platform":
                guard let value = inline ?? pending.popFirst() else {
                    throw Problem(description: "\(command): --platform needs a platform: macos or ios")
                }
                platform = try Self.platform(value, command: command)
            default: policies = false
            }
        }
        guard !words.isEmpty else {
            throw Problem(description: "\(command) needs a target: \(command) TARGET \(usage(options))")
        }
        return ReplQueryArguments(target: words.joined(separator: " "), platform: platform, policies: policies)
    }

    /// `macos` or `ios`, in any case; anything else is an error with the nearest name.
    public static func platform(_ text: Substring, command: String) throws(Problem) -> Platform {
        if let platform = Platform(rawValue: text.lowercased()) { return platform }
        let names = Platform.allCases.map(\.rawValue)
        throw Problem(
            description: "\(command): unknown platform '\(text)'\(nearest(text, in: names)); say macos or ios")
    }

    static func usage(_ options: [String]) -> String {
        options.map { $0 == "--platform" ? "[--platform macos|ios]" : "[\($0)]" }.joined(separator: " ")
    }

    static func nearest(_ name: Substring, in names: [String]) -> String {
        guard
            let best = names.min(by: { EditDistance.between(String(name), $0) < EditDistance.between(String(name), $1) }
            ),
            EditDistance.between(String(name), best) <= 3
        else { return "" }
        return " (did you mean \(best)?)"
    }
}
