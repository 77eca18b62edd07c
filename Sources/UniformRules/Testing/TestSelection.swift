import UniformCore

/// Which tests run: `--filter` (a plain substring of the full name), `--filter-out` (tests whose
/// full name contains it do not run), `--tags`, `--exclude-tags`, and `FILE:LINE` paths (the
/// test at that line of the file). Tags are words starting with `#` in test or describe names
/// (`it("big world #slow", …)`).
public struct TestSelection: Sendable {
    public var filter: String?
    public var filterOut: String?
    public var tags: [String]
    public var excludeTags: [String]
    /// Lines asked for per test file (canonical path): the test that starts on the line, else
    /// the one the line is inside (the last test starting before it). A file not named here
    /// keeps all its tests.
    public var lines: [String: [Int]]

    public init(
        filter: String? = nil, filterOut: String? = nil, tags: [String] = [], excludeTags: [String] = [],
        lines: [String: [Int]] = [:]
    ) {
        self.filter = filter
        self.filterOut = filterOut
        self.tags = tags.map(Self.normalise)
        self.excludeTags = excludeTags.map(Self.normalise)
        self.lines = lines
    }

    static func normalise(_ tag: String) -> String { tag.hasPrefix("#") ? String(tag.dropFirst()) : tag }

    static func tags(in path: [String]) -> Set<String> {
        var found = Set<String>()
        for name in path {
            for word in name.split(separator: " ") where word.hasPrefix("#") && word.count > 1 {
                found.insert(String(word.dropFirst()))
            }
        }
        return found
    }

    public func includes(_ path: [String]) -> Bool {
        let name = path.joined(separator: " ")
        if let filter, !filter.isEmpty, !name.contains(filter) { return false }
        if let filterOut, !filterOut.isEmpty, name.contains(filterOut) { return false }
        let tags = Self.tags(in: path)
        if !self.tags.isEmpty, tags.isDisjoint(with: self.tags) { return false }
        if !excludeTags.isEmpty, !tags.isDisjoint(with: excludeTags) { return false }
        return true
    }

    /// `tests` without those a `FILE:LINE` path leaves out, in their order.
    public func narrowed(_ tests: [TestRunner.TestCase]) -> [TestRunner.TestCase] {
        guard !lines.isEmpty else { return tests }
        var chosen = Set<Int>()
        var byFile: [String: [(position: Int, line: Int)]] = [:]
        for (position, test) in tests.enumerated() {
            let file = CanonicalPath.of(test.file)
            guard lines[file] != nil else {
                chosen.insert(position)
                continue
            }
            if let line = test.line { byFile[file, default: []].append((position, line)) }
        }
        for (file, wanted) in lines {
            let starts = (byFile[file] ?? []).sorted { $0.line < $1.line }
            for line in wanted {
                let exact = starts.filter { $0.line == line }
                if !exact.isEmpty {
                    chosen.formUnion(exact.map(\.position))
                } else if let inside = starts.last(where: { $0.line < line }) {
                    chosen.insert(inside.position)
                }
            }
        }
        return tests.enumerated().filter { chosen.contains($0.offset) }.map(\.element)
    }

    /// Splits `tests/a_test.lua:12` into the file and the line when the file exists (a file
    /// whose own name ends in `:12` stays a file).
    public static func fileAndLine(_ argument: String, fileExists: (String) -> Bool) -> (file: String, line: Int?) {
        guard let colon = argument.lastIndex(of: ":"), let line = Int(argument[argument.index(after: colon)...]),
            line > 0, !fileExists(argument), fileExists(String(argument[..<colon]))
        else { return (argument, nil) }
        return (String(argument[..<colon]), line)
    }
}
