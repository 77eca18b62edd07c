/// The build settings placeholders resolve against: `.xcconfig` files in the order given
/// (later files win), then `--define`s, which beat every file — as `xcodebuild KEY=value`
/// beats the project's configuration files.
///
/// References inside values (`PRODUCT_BUNDLE_IDENTIFIER = com.acme.$(PRODUCT_NAME:rfc1034identifier)`)
/// are expanded late, over the merged table, so a `--define PRODUCT_NAME=…` also changes the
/// bundle id an `.xcconfig` builds from it. A reference nobody defines stays verbatim, and a
/// cycle (`A = $(B)`, `B = $(A)`) is left unexpanded rather than looped on.
public struct BuildSettings: Sendable {
    /// The merged, expanded table: what `ManifestLoader(defines:)` takes.
    public private(set) var values: [String: String] = [:]
    /// Findings from the `.xcconfig` files (skipped conditions, missing includes).
    public private(set) var findings: [Finding] = []

    public init(xcconfigs: [XCConfig] = [], defines: [String: String] = [:]) {
        var raw: [String: String] = [:]
        for config in xcconfigs {
            raw.merge(config.settings) { _, new in new }
            findings += config.findings
        }
        raw.merge(defines) { _, define in define }
        let resolver = Resolver(raw: raw)
        for name in raw.keys { values[name] = resolver.value(of: name) }
    }

    /// Expands one setting at a time, remembering results and the settings being expanded.
    private final class Resolver {
        let raw: [String: String]
        var done: [String: String] = [:]
        var active: Set<String> = []

        init(raw: [String: String]) { self.raw = raw }

        func value(of name: String) -> String? {
            if let known = done[name] { return known }
            guard let written = raw[name] else { return nil }
            guard active.insert(name).inserted else { return nil }
            defer { active.remove(name) }
            // `$()` is Xcode's empty reference, used to write `//` in a value: `https:/$()/host`.
            let text = written.replacingOccurrences(of: "$()", with: "").replacingOccurrences(of: "${}", with: "")
            let expanded = Placeholders.expand(text, atSigns: false) { self.value(of: $0) }.text
            done[name] = expanded
            return expanded
        }
    }
}
