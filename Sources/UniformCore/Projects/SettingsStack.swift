/// Build settings resolved as Xcode resolves them for one target and one build.
///
/// Levels, lowest first: the defaults Xcode supplies, the project's base `.xcconfig`, the
/// project's `buildSettings`, the target's base `.xcconfig`, the target's `buildSettings`. A
/// higher level wins. Within a level, the assignments whose conditions hold compete: the one
/// with more conditions wins (`KEY[sdk=iphoneos*]` beats `KEY`), then the later one.
/// `$(inherited)` is the value the winning line replaced: an earlier line of the same level
/// (an `.xcconfig` and the files it includes are one level, read in order), else the level
/// below. Other references (`$(PRODUCT_NAME)`, nested `$(A_$(B))`) are expanded against the
/// whole stack, with modifiers (`:rfc1034identifier`, `:identifier`, `:lower`, …).
///
/// A setting that refers to itself takes the value from the levels below, as `$(inherited)`
/// does: Xcode "obtains the value of that macro by looking for the same build setting in a
/// lower layer" (James Bucanek on xcode-users, 2005-10-16, citing the build settings
/// documentation; IceCubesApp's targets write `DEVELOPMENT_TEAM = "$(DEVELOPMENT_TEAM)"`).
/// A reference nobody sets stays verbatim (guessing would make answers wrong where nobody can
/// see it); a cycle between settings (`A = $(B)`, `B = $(A)`) is left unexpanded and reported; an expansion
/// longer than `maxLength` is cut and reported, so a hostile project cannot make gigabytes.
public final class SettingsStack {
    public struct Level: Sendable {
        public let name: String
        public let assignments: [SettingAssignment]
        /// Each setting's positions in order: a look-up is by name, not a scan of the level,
        /// so evaluation stays linear in the settings (a project with 100,000 settings in 20
        /// targets took minutes when every reference scanned every level). Built once per
        /// level, which a project's targets share.
        let positions: [String: [Int]]
        /// The most conditions any assignment of a name has: a winner with that many is final.
        let maxConditions: [String: Int]

        public init(name: String, assignments: [SettingAssignment]) {
            self.name = name
            self.assignments = assignments
            var positions: [String: [Int]] = [:]
            var maxConditions: [String: Int] = [:]
            for (position, a) in assignments.enumerated() {
                positions[a.name, default: []].append(position)
                maxConditions[a.name] = max(maxConditions[a.name] ?? 0, a.conditions.count)
            }
            self.positions = positions
            self.maxConditions = maxConditions
        }
    }

    public let levels: [Level]
    public let parameters: BuildParameters
    public private(set) var findings: [Finding] = []
    static let maxLength = 16_384

    private var memo: [String: String?] = [:]
    /// `$(inherited)` at (setting, level, position): each layer is expanded once, however many
    /// times a value names it (`X = $(inherited)$(inherited)` over 22 levels is 2^22 otherwise).
    private var inheritedMemo: [InheritedKey: String?] = [:]
    private var active: [String] = []
    private var reportedCycles: Set<String> = []
    private var reportedLong: Set<String> = []
    private var reportedBudget = false
    /// Characters all expansions of this stack may produce (a value is at most `maxLength`,
    /// but 10,000 of them is 160M; a real target's whole table is some 25K).
    static let maxExpansion = 2 << 20
    private var expansionBudget = SettingsStack.maxExpansion

    private struct InheritedKey: Hashable {
        var name: String
        var level: Int
        var limit: Int
    }

    public init(levels: [Level], parameters: BuildParameters) {
        self.levels = levels
        self.parameters = parameters
    }

    /// Every setting name assigned at some level.
    public var names: Set<String> {
        var names = Set<String>()
        for level in levels { names.formUnion(level.positions.keys) }
        return names
    }

    /// The expanded value of a setting, or nil when no level sets it (for this build).
    public func value(_ name: String) -> String? {
        if let known = memo[name] { return known }
        guard !active.contains(name) else {
            reportCycle(name)
            return nil
        }
        active.append(name)
        defer { active.removeLast() }
        let result = resolve(name, level: levels.count - 1, before: Int.max)
        memo[name] = result
        return result
    }

    /// Every assigned setting, expanded: what an Info.plist's placeholders resolve against.
    /// Names are evaluated in sorted order, so a cycle is entered at the same setting on
    /// every run and its members get the same values (a `Set`'s order changed the bundle id
    /// a cycle produced from one run to the next).
    public func table() -> [String: String] {
        var table: [String: String] = [:]
        for name in names.sorted() { if let v = value(name) { table[name] = v } }
        return table
    }

    /// The line that gives a setting its value in this build: the top-most winning assignment.
    public func location(of name: String) -> SourceLocation? {
        for index in levels.indices.reversed() {
            if let (a, _) = winner(name, at: index, before: Int.max) { return a.location }
        }
        return nil
    }

    /// The assignment of `name` that wins at `level` among those before `limit`: the most
    /// conditions, then the latest. Searched from the latest down, stopping at the first that
    /// has as many conditions as any of its name — so a chain of 10,000 `V = $(inherited) x`
    /// lines is not 10,000² steps.
    private func winner(_ name: String, at level: Int, before limit: Int) -> (SettingAssignment, Int)? {
        guard let candidates = levels[level].positions[name] else { return nil }
        let most = levels[level].maxConditions[name] ?? 0
        // The first candidate at or past `limit` (candidates are ascending).
        var low = 0, high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle] < limit { low = middle + 1 } else { high = middle }
        }
        var best: (SettingAssignment, Int)?
        var index = low
        while index > 0 {
            index -= 1
            let position = candidates[index]
            let a = levels[level].assignments[position]
            guard parameters.satisfies(a.conditions) else { continue }
            if best == nil || a.conditions.count > best!.0.conditions.count { best = (a, position) }
            if a.conditions.count == most { break }
        }
        return best
    }

    private func resolve(_ name: String, level: Int, before limit: Int) -> String? {
        var index = level, limit = limit
        while index >= 0 {
            if let (assignment, position) = winner(name, at: index, before: limit) {
                let (fromLevel, fromLimit) = (index, position)
                // A setting that names itself means the value below, like `$(inherited)`
                // (`DEVELOPMENT_TEAM = $(DEVELOPMENT_TEAM)` in a target takes the project's).
                return expand(assignment.value, setting: name, at: assignment.location) { reference in
                    reference == "inherited" || reference == name
                        ? (self.inherited(name, level: fromLevel, before: fromLimit) ?? "") : self.value(reference)
                }
            }
            index -= 1
            limit = Int.max
        }
        return nil
    }

    private func inherited(_ name: String, level: Int, before limit: Int) -> String? {
        let key = InheritedKey(name: name, level: level, limit: limit)
        if let known = inheritedMemo[key] { return known }
        let value = resolve(name, level: level, before: limit)
        inheritedMemo[key] = .some(value)
        return value
    }

    /// Expands `$(NAME)`, `${NAME}`, `$(NAME:modifier…)` and bare `$NAME`, innermost first, so
    /// a reference may be built from others (`$(PRODUCT_NAME_$(CONFIGURATION))`). `$()` is
    /// empty; `$$` is a literal `$`; a `$` before anything else is itself.
    ///
    /// As Xcode's build system parses a value: swift-build's `MacroExpressionParser`
    /// (Sources/SWBMacro/MacroExpressionParsing.swift, `parseSubstitutionSubexpression`) takes
    /// `$(…)`, `${…}` (and `$[…]`, not read here), the "deprecated form `$MACRO`" whose name is
    /// a letter or `_` followed by letters, digits, `.` and `_`, and "`$$` is an escape for `$`".
    func expand(
        _ text: String, setting: String? = nil, at location: SourceLocation? = nil, lookup: (String) -> String?
    ) -> String {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        // All expansions of one stack together: past the budget, values stay as written.
        guard expansionBudget > 0 else {
            if !reportedBudget {
                reportedBudget = true
                findings.append(
                    Finding(
                        .xcodeSettingTooLong,
                        message:
                            "the build settings expand to more than \(Self.maxExpansion >> 20)M characters in all; the rest stay unexpanded",
                        location: location, subject: setting))
            }
            return text
        }
        var scalars = Array(text.unicodeScalars)[...]
        let out = expand(&scalars, closer: nil, lookup: lookup)
        if expansionBudget <= 0, !reportedBudget {
            reportedBudget = true
            findings.append(
                Finding(
                    .xcodeSettingTooLong,
                    message:
                        "the build settings expand to more than \(Self.maxExpansion >> 20)M characters in all; the rest are cut or left unexpanded",
                    location: location, subject: setting))
        }
        let count = out.unicodeScalars.count
        if count > Self.maxLength {
            if reportedLong.insert(setting ?? "").inserted {
                findings.append(
                    Finding(
                        .xcodeSettingTooLong,
                        message:
                            "build setting \(setting ?? "") expands to more than \(Self.maxLength) characters; the value is cut there",
                        location: location, subject: setting))
            }
            return String(String.UnicodeScalarView(out.unicodeScalars.prefix(Self.maxLength)))
        }
        return out
    }

    /// Every scalar produced is charged to `expansionBudget` as it is produced, so a chain of
    /// 10,000 `$(inherited)` steps that each double a value stops early in its first (deepest)
    /// steps instead of building every level; past the budget the rest of the input is dropped.
    private func expand(
        _ input: inout ArraySlice<Unicode.Scalar>, closer: Unicode.Scalar?, lookup: (String) -> String?
    ) -> String {
        var out = String.UnicodeScalarView()
        var produced = 0
        func take(_ text: String) {
            let count = text.utf8.count
            expansionBudget -= count
            produced += count
            out.append(contentsOf: text.unicodeScalars)
        }
        while let c = input.first {
            if expansionBudget <= 0 || produced > Self.maxLength * 2 {
                input.removeAll()
                break
            }
            if let closer, c == closer { return String(out) }
            input.removeFirst()
            if c == "$", input.first == "$" {
                // `$$` is a literal `$`.
                input.removeFirst()
                out.append(c)
                produced += 1
                expansionBudget -= 1
            } else if c == "$", let first = input.first, Self.isBareNameStart(first) {
                // `$NAME`, Xcode's older form of `$(NAME)`: the name runs while the characters
                // may be in one; a `$(…)` right after it is part of the name (`$A$(B)` names
                // `A` followed by B's value). Unset, it stays as written, like `$(NAME)`.
                let written = input
                var name = String.UnicodeScalarView()
                while let next = input.first, Self.isBareNameCharacter(next) {
                    name.append(next)
                    input.removeFirst()
                }
                var reference = String(name)
                if input.first == "$", input.dropFirst().first == "(" {
                    var rest = input
                    rest.removeFirst(2)
                    let body = expand(&rest, closer: ")", lookup: lookup)
                    var parts = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                    let inner = parts.removeFirst()
                    if rest.first == ")", SettingAssignment.isSettingName(inner), let value = lookup(inner) {
                        rest.removeFirst()
                        input = rest
                        reference += Placeholders.apply(parts, to: value)
                    }
                }
                if SettingAssignment.isSettingName(reference), let value = lookup(reference) {
                    take(value)
                } else {
                    out.append(c)
                    out.append(contentsOf: written[written.startIndex..<input.startIndex])
                }
            } else if c == "$", let open = input.first, open == "(" || open == "{" {
                input.removeFirst()
                let close: Unicode.Scalar = open == "(" ? ")" : "}"
                let body = expand(&input, closer: close, lookup: lookup)
                guard input.first == close else {
                    // Unclosed: keep the text as written.
                    out.append(c)
                    out.append(open)
                    out.append(contentsOf: body.unicodeScalars)
                    continue
                }
                input.removeFirst()
                if body.isEmpty { continue }
                var parts = body.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                let reference = parts.removeFirst()
                if SettingAssignment.isSettingName(reference), let value = lookup(reference) {
                    take(Placeholders.apply(parts, to: value))
                } else if SettingAssignment.isSettingName(reference),
                    let fallback = parts.first(where: { $0.hasPrefix("default=") })
                {
                    take(Placeholders.apply(parts, to: String(fallback.dropFirst("default=".count))))
                } else {
                    out.append(c)
                    out.append(open)
                    out.append(contentsOf: body.unicodeScalars)
                    out.append(close)
                }
            } else {
                out.append(c)
                produced += 1
                expansionBudget -= 1
            }
        }
        return String(out)
    }

    /// The first character of a bare `$NAME`: a letter or `_`.
    static func isBareNameStart(_ c: Unicode.Scalar) -> Bool {
        c == "_" || ("A"..."Z").contains(c) || ("a"..."z").contains(c)
    }

    /// A later character of a bare `$NAME`: a letter, digit, `_` or `.` (Xcode's parser takes
    /// the dot too: `$ROOT.widget` names the setting `ROOT.widget`, which nothing sets).
    static func isBareNameCharacter(_ c: Unicode.Scalar) -> Bool {
        isBareNameStart(c) || ("0"..."9").contains(c) || c == "."
    }

    /// A cycle is reported once, under its lowest-named member, its chain written from there,
    /// whichever member a run entered it by.
    private func reportCycle(_ name: String) {
        var members = Array(active.drop { $0 != name })
        guard let lowest = members.min(), let start = members.firstIndex(of: lowest) else { return }
        members = Array(members[start...] + members[..<start])
        guard reportedCycles.insert(members.sorted().joined(separator: "\u{0}")).inserted else { return }
        let chain = (members + [lowest]).joined(separator: " → ")
        findings.append(
            Finding(
                .xcodeSettingCycle,
                message: "build setting \(lowest) refers to itself (\(chain)); the reference is left unexpanded",
                location: location(of: lowest), subject: lowest))
    }
}
