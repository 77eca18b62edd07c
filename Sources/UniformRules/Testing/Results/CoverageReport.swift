/// Line coverage of the rule files exercised by a test run (`uniform test --coverage`).
public struct CoverageReport: Hashable, Sendable {
    /// Sorted by file, so reports are deterministic.
    public var files: [FileCoverage]

    public init(files: [FileCoverage]) {
        self.files = files.sorted { $0.file < $1.file }
    }

    /// The shape `LuaState.coverage()` returns: lines run per file, and lines that could run
    /// per file. Files only in `covered` are ignored (they are not rule files under test).
    public init(covered: [String: Set<Int>], coverable: [String: Set<Int>]) {
        self.init(
            files: coverable.map { FileCoverage(file: $0.key, covered: covered[$0.key] ?? [], coverable: $0.value) })
    }

    /// As above, with how many times each line ran (`LuaState.coverageHits()`).
    public init(hits: [String: [Int: Int]], coverable: [String: Set<Int>]) {
        self.init(files: coverable.map { FileCoverage(file: $0.key, hits: hits[$0.key] ?? [:], coverable: $0.value) })
    }

    public var hitCount: Int { files.reduce(0) { $0 + $1.hitCount } }
    public var coverableCount: Int { files.reduce(0) { $0 + $1.coverable.count } }

    /// Over all lines of all files (not the mean of file percentages, which would let a
    /// three-line file weigh as much as a large one).
    public var percent: Double {
        coverableCount == 0 ? 100 : Double(hitCount) * 100 / Double(coverableCount)
    }
}
