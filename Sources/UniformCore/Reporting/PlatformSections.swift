/// One answer per platform, printed once when they agree and as sections when they differ:
/// text gets `on macOS:` / `on iOS:` headings, JSON a `by_platform` object in place of the
/// single answer's fields.
public struct PlatformSections<Answer> {
    public var answers: [(platform: Platform, answer: Answer)]

    public init(_ answers: [(platform: Platform, answer: Answer)]) {
        self.answers = answers
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
        if groups.count == 1 { return render(groups[0].answer) }
        return groups.map { group in
            "on \(group.platforms.map(PlatformScope.name).joined(separator: " and ")):\n" + render(group.answer)
        }.joined(separator: "\n\n")
    }

    /// `json(answer)` gives an answer's object (with `schema_version`); with several groups the
    /// document is `{schema_version, by_platform: {ios: {…}, macos: {…}}}`.
    public func json(same: (Answer, Answer) -> Bool, json: (Answer) -> JSONValue) -> JSONValue {
        let groups = groups(same: same)
        if groups.count == 1 { return json(groups[0].answer) }
        var byPlatform: [(String, JSONValue)] = []
        for (platform, answer) in answers {
            var value = json(answer)
            if case .object(let fields) = value { value = .object(fields.filter { $0.0 != "schema_version" }) }
            byPlatform.append((platform.rawValue, value))
        }
        return .object([("schema_version", .int(uniformSchemaVersion)), ("by_platform", .object(byPlatform))])
    }
}
