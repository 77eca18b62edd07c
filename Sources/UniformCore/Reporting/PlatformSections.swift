/// One answer per platform, printed once when they agree and as sections when they differ:
/// text gets `on macOS:` / `on iOS:` headings, JSON a `by_platform` object in place of the
/// single answer's fields.
///
/// With `os`, the answers are about the system's types of those releases: text names the
/// release in each heading (`on macOS 15:`) or in a last line (`answered for macOS 27`), JSON
/// gives `os`, the releases' names (`["macos27"]`), beside each answer.
public struct PlatformSections<Answer> {
    public var answers: [(platform: Platform, answer: Answer)]
    public var os: OSSelection?

    public init(_ answers: [(platform: Platform, answer: Answer)], os: OSSelection? = nil) {
        self.answers = answers
        self.os = os
    }

    private func heading(_ platform: Platform) -> String {
        os.map { $0.release(for: platform).displayName } ?? PlatformScope.name(platform)
    }

    /// The answers as groups of platforms that got the same one (`same` compares two answers).
    public func groups(same: (Answer, Answer) -> Bool) -> [(platforms: [Platform], answer: Answer)] {
        var groups: [(platforms: [Platform], answer: Answer)] = []
        for (platform, answer) in answers {
            if let i = groups.firstIndex(where: { same($0.answer, answer) }) {
                groups[i].platforms.append(platform)
            } else {
                groups.append(([platform], answer))
            }
        }
        return groups
    }

    public func text(same: (Answer, Answer) -> Bool, render: (Answer) -> String) -> String {
        let groups = groups(same: same)
        if groups.count == 1 {
            guard os != nil else { return render(groups[0].answer) }
            return render(groups[0].answer) + "\nanswered for "
                + groups[0].platforms.map(heading).joined(separator: " and ")
        }
        return groups.map { group in
            "on \(group.platforms.map(heading).joined(separator: " and ")):\n" + render(group.answer)
        }.joined(separator: "\n\n")
    }

    /// `json(answer)` gives an answer's object (with `schema_version`); with several groups the
    /// document is `{schema_version, by_platform: {ios: {…}, macos: {…}}}`.
    public func json(same: (Answer, Answer) -> Bool, json: (Answer) -> JSONValue) -> JSONValue {
        let groups = groups(same: same)
        if groups.count == 1 { return withOS(json(groups[0].answer), groups[0].platforms) }
        var byPlatform: [(String, JSONValue)] = []
        for (platform, answer) in answers {
            var value = withOS(json(answer), [platform])
            if case .object(let fields) = value { value = .object(fields.filter { $0.0 != "schema_version" }) }
            byPlatform.append((platform.rawValue, value))
        }
        return .object([("schema_version", .int(uniformSchemaVersion)), ("by_platform", .object(byPlatform))])
    }

    /// An answer's object with `os` after its other fields (when the releases are known).
    private func withOS(_ value: JSONValue, _ platforms: [Platform]) -> JSONValue {
        guard let os, case .object(let fields) = value else { return value }
        return .object(fields + [("os", .array(platforms.map { .string(os.release(for: $0).name) }))])
    }
}
