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
}
