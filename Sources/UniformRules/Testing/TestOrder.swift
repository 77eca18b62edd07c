/// The order tests run in: as written, or shuffled within each file from a seed (`--shuffle`,
/// `--seed N`), so hidden dependencies between tests show and a failing order can be rerun.
public enum TestOrder {
    /// SplitMix64: the same seed gives the same order on every platform and Swift version
    /// (the standard library's generator is neither seedable nor stable).
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `tests` with each file's tests shuffled; files keep their order.
    public static func shuffled(_ tests: [TestRunner.TestCase], seed: UInt64) -> [TestRunner.TestCase] {
        var generator = Generator(state: seed)
        var files: [String] = []
        var byFile: [String: [TestRunner.TestCase]] = [:]
        for test in tests {
            if byFile[test.file] == nil { files.append(test.file) }
            byFile[test.file, default: []].append(test)
        }
        return files.flatMap { byFile[$0]!.shuffled(using: &generator) }
    }
}
