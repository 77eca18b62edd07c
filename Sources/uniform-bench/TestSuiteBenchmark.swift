import Foundation
import UniformRules

/// `uniform test` at the size of a real team's suite: `Tests/UniformCLITests/ScaleSuite` (15
/// tests, each with several check-based assertions) over CotEditor's Xcode project and
/// MacDown's Info.plist, as `uniform test -m … -m …` runs it. In the same run, against the
/// runner that runs every check for each assertion (what it did before, 2.8–4.3 s for
/// CotEditor's suite), and with line coverage on against off (the line hook's cost).
/// Wall clock, median of alternating trials.
func runTestSuiteBenchmark(sharedDirectory: String, rounds: Int = 5) {
    let suite = "Tests/UniformCLITests/ScaleSuite/scale_test.lua"
    let manifests = [
        sharedDirectory + "/realworld/xcode/coteditor__CotEditor",
        sharedDirectory + "/realworld/plists/MacDownApp__macdown__MacDown__MacDown-Info.plist",
    ]
    guard FileManager.default.fileExists(atPath: suite), manifests.allSatisfy(FileManager.default.fileExists)
    else {
        print("tests: run from the package root with ../shared beside it")
        return
    }
    var options = SessionOptions(directory: FileManager.default.currentDirectoryPath)
    options.repository.paths = manifests
    options.standardRules = true
    options.repository.requireManifests = true
    guard let session = try? Session.open(options, output: { _ in }) else {
        print("tests: the session did not open")
        return
    }
    func trial(reuse: Bool, coverage: Bool = false) -> Double {
        var runner = TestRunner(session: session, extraRules: [], defines: [:])
        runner.reusesFindings = reuse
        runner.coverage = coverage
        let start = Clock.now()
        let run = runner.run([suite])
        let seconds = Clock.now() - start
        precondition(run.counts.passed == 15 && run.counts.failed == 0, "the scale suite must pass")
        return seconds
    }
    var once: [Double] = [], each: [Double] = [], covered: [Double] = []
    for _ in 0..<rounds {
        once.append(trial(reuse: true))
        each.append(trial(reuse: false))
        covered.append(trial(reuse: true, coverage: true))
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    print("== uniform test: 15 tests with check-based assertions (CotEditor + MacDown) ==")
    print(
        String(
            format: "checks once per world %.3f s, checks per assertion %.3f s: %.2fx", median(once), median(each),
            median(once) / median(each)))
    print(
        String(
            format: "with --coverage %.3f s: %.2fx of without", median(covered), median(covered) / median(once)))
}
