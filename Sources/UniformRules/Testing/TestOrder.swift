import UniformCore

/// The order tests run in: as written, or shuffled within each file from a seed (`--shuffle`,
/// `--seed N`), so hidden dependencies between tests show and a failing order can be rerun.
public enum TestOrder {
    /// `tests` with each file's tests shuffled; files keep their order.
    public static func shuffled(_ tests: [TestRunner.TestCase], seed: UInt64) -> [TestRunner.TestCase] {
        // SplitMix64: the same seed gives the same order on every platform and Swift version.
        var generator = SplitMix64(state: seed)
        var files: [String] = []
        var byFile: [String: [TestRunner.TestCase]] = [:]
        for test in tests {
            if byFile[test.file] == nil { files.append(test.file) }
            byFile[test.file, default: []].append(test)
        }
        return files.flatMap { byFile[$0]!.shuffled(using: &generator) }
    }

    /// busted's `randomize()`: the tests of each randomized block trade places among themselves;
    /// every other test keeps its slot.
    public static func randomizingBlocks(_ tests: [TestRunner.TestCase], seed: UInt64) -> [TestRunner.TestCase] {
        var generator = SplitMix64(state: seed)
        var slots: [String: [Int]] = [:]
        var blocks: [String] = []
        for (i, test) in tests.enumerated() {
            guard let group = test.randomGroup else { continue }
            let key = "\(test.file)\u{0}\(group)"
            if slots[key] == nil { blocks.append(key) }
            slots[key, default: []].append(i)
        }
        var result = tests
        for key in blocks {
            let positions = slots[key]!
            for (slot, test) in zip(positions, positions.map { tests[$0] }.shuffled(using: &generator)) {
                result[slot] = test
            }
        }
        return result
    }

    /// How many tests are in `randomize()` blocks.
    public static func randomizedCount(_ tests: [TestRunner.TestCase]) -> Int {
        tests.count { $0.randomGroup != nil }
    }
}
