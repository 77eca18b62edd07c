/// A small repository a rule's finding is shown on: files by path (an Info.plist, an Xcode
/// project, an `.xcconfig`, a `.uniform.lua`), and the arguments `uniform check` is run with
/// inside it. The suite runs each one through the real binary, so an example cannot drift
/// from what the rule does.
public struct RuleExample: Sendable, Hashable {
    /// Path (relative to the repository) → contents, written as UTF-8.
    public var files: [String: String]
    /// Added after `uniform check --format json`.
    public var arguments: [String]
    /// Path → what to show instead of a generated file's contents (an Xcode project's settings).
    public var descriptions: [String: String] = [:]

    public init(files: [String: String], arguments: [String] = []) {
        self.files = files
        self.arguments = arguments
    }

    /// An app whose `App/Info.plist` root dictionary holds `keys` (plist XML, the keys and
    /// values only), with other files beside it.
    public static func infoPlist(
        _ keys: String, path: String = "App/Info.plist", files: [String: String] = [:], arguments: [String] = []
    ) -> RuleExample {
        var all = files
        all[path] = plist(keys)
        return RuleExample(files: all, arguments: arguments)
    }

    /// `keys` inside the XML property list boilerplate.
    public static func plist(_ keys: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(keys)
        </dict>
        </plist>

        """
    }

    /// How `uniform rules ID` shows it: an Info.plist as its keys, a generated project as its
    /// settings, other files whole; long files cut after 12 lines; then the arguments.
    public var text: String {
        var parts: [String] = []
        for path in files.keys.sorted() {
            if let described = descriptions[path] {
                parts.append(described)
                continue
            }
            var lines = Self.shown(files[path]!).split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            while lines.last == "" { lines.removeLast() }
            if lines.count > 12 { lines = lines.prefix(12) + ["… (\(lines.count - 12) more lines)"] }
            parts.append(
                "\(path):\n" + lines.map { "  " + ($0.count > 160 ? $0.prefix(160) + "…" : $0) }.joined(separator: "\n")
            )
        }
        if !arguments.isEmpty {
            parts.append(
                "uniform check " + arguments.map(Self.abbreviated).joined(separator: " "))
        }
        return parts.joined(separator: "\n")
    }

    /// A property list's keys without the XML boilerplate `plist(_:)` wraps them in.
    static func shown(_ contents: String) -> String {
        let empty = plist("")
        let head = empty.components(separatedBy: "\n\n</dict>")[0]
        guard contents.hasPrefix(head + "\n"), contents.hasSuffix("\n</dict>\n</plist>\n") else { return contents }
        return String(contents.dropFirst(head.count + 1).dropLast("\n</dict>\n</plist>\n".count))
    }
}
