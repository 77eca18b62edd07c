/// Line coverage of one Lua file.
public struct FileCoverage: Hashable, Sendable {
    public var file: String
    /// How many times each line ran, over all tests (LCOV's and Cobertura's hit counts).
    public var hits: [Int: Int]
    /// Lines that could run (active lines of the file's functions).
    public var coverable: Set<Int>

    public init(file: String, hits: [Int: Int], coverable: Set<Int>) {
        self.file = file
        self.hits = hits.filter { $0.value > 0 }
        self.coverable = coverable
    }

    /// Lines that ran, each counted once.
    public init(file: String, covered: Set<Int>, coverable: Set<Int>) {
        self.init(file: file, hits: Dictionary(uniqueKeysWithValues: covered.map { ($0, 1) }), coverable: coverable)
    }

    /// Lines that ran.
    public var covered: Set<Int> { Set(hits.keys) }

    /// How many times `line` ran.
    public func count(of line: Int) -> Int { hits[line] ?? 0 }

    /// Covered lines that are coverable; lines the hook reports outside the coverable set
    /// (e.g. a `local x = …` continuation) cannot push the percentage past 100.
    public var hitCount: Int { covered.intersection(coverable).count }

    /// 100 for a file with nothing to cover: nothing in it is untested.
    public var percent: Double {
        coverable.isEmpty ? 100 : Double(hitCount) * 100 / Double(coverable.count)
    }

    public var uncovered: [Int] { coverable.subtracting(covered).sorted() }

    /// Uncovered lines as ranges of consecutive numbers: `3-5, 9`.
    public var uncoveredRanges: String { Self.ranges(uncovered) }

    static func ranges(_ sorted: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
