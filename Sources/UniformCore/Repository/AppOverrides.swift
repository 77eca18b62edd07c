/// The configuration's `apps` overrides, matched the same way on every run: a key naming the
/// manifest's path beats a key naming its Xcode target, and among keys of one kind the first
/// in sorted order wins. (Matching in dictionary order gave one override on some runs and the
/// other on the rest.) A key that matches no manifest, and a manifest that two keys match,
/// are findings: the team meant something that did not happen.
struct AppOverrides {
    struct Entry {
        var key: String
        /// The key as a path, resolved against the configuration's folder.
        var resolved: String
        var value: AppOverride
    }

    let entries: [Entry]
    private let location: SourceLocation?
    private var used: Set<String> = []
    private var ambiguous: [String: (manifest: String, chosen: String, others: [String])] = [:]

    init(_ config: RepositoryConfiguration) {
        location = config.location
        entries = config.apps.keys.sorted().map {
            Entry(key: $0, resolved: config.resolve($0), value: config.apps[$0]!)
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The override for a manifest at `file` (as loaded) built from `target`, if any.
    mutating func match(file: String, target: String?) -> AppOverride? {
        let byPath = entries.filter { $0.resolved == file }
        let byTarget = target.map { name in entries.filter { $0.key == name } } ?? []
        let all = byPath + byTarget
        guard let chosen = all.first else { return nil }
        for entry in all { used.insert(entry.key) }
        if all.count > 1 {
            ambiguous[file] = (file, chosen.key, all.dropFirst().map(\.key))
        }
        return chosen.value
    }

    /// Keys that matched nothing, and manifests more than one key matched.
    func findings() -> [Finding] {
        var findings: [Finding] = []
        for entry in entries where !used.contains(entry.key) {
            findings.append(
                Finding(
                    .configOverrideUnmatched,
                    message:
                        "apps[\"\(entry.key)\"] matches no manifest path and no Xcode target of this run; it changes nothing (a key is a manifest path relative to the configuration file, or a target's name)",
                    location: location, subject: entry.key))
        }
        for file in ambiguous.keys.sorted() {
            guard let (manifest, chosen, others) = ambiguous[file] else { continue }
            findings.append(
                Finding(
                    .configOverrideAmbiguous,
                    message:
                        "\(manifest) is matched by apps[\"\(chosen)\"] and by \(others.map { "apps[\"\($0)\"]" }.joined(separator: ", ")); the first is applied (a path beats a target name), the others are ignored for it",
                    location: location, subject: manifest))
        }
        return findings
    }
}
