import Foundation
import UniformCore
import UniformRules

/// A zero-configuration `uniform check` on the largest shared Xcode repository, against
/// Foundation's `PropertyListSerialization` parsing the same `project.pbxproj` and the same
/// Info.plists in the same run: reading a project must not be felt (goal ≤ 0.5×).
///
/// The uniform side is everything `check` does in-process: discovery, the project and its
/// `.xcconfig` files, per-target settings, the manifests, the world, the standard rules and
/// suppressions. Wall clock (manifests are read on two threads), best of alternating trials.
func runProjectBenchmark(sharedDirectory: String) {
    guard let root = largestRepository(sharedDirectory: sharedDirectory) else { return }
    runProjectBenchmark(root: root)
}

/// Opens the largest repository's session in a loop for ~5 s, for `perf record`.
func profileProject(sharedDirectory: String, withRules: Bool) {
    guard let root = largestRepository(sharedDirectory: sharedDirectory) else { return }
    var options = SessionOptions(directory: root)
    options.standardRules = withRules
    options.repository.tolerateBrokenManifests = true
    let start = Clock.now()
    while Clock.now() - start < 5 {
        let session = try! Session.open(options, output: { _ in })
        blackHole(withRules ? session.checkedFindings().count : session.engine.world.apps.count)
    }
}

/// The shared repository with the largest `project.pbxproj`.
func largestRepository(sharedDirectory: String) -> String? {
    let xcode = URL(fileURLWithPath: sharedDirectory).appendingPathComponent("realworld/xcode")
    let repositories = ((try? FileManager.default.contentsOfDirectory(atPath: xcode.path)) ?? []).filter {
        !$0.hasSuffix(".tsv") && !$0.hasSuffix(".md")
    }
    // The largest repository by project file size.
    var largest: (root: String, bytes: Int)?
    for name in repositories {
        let root = xcode.appendingPathComponent(name).path
        for project in ProjectDiscovery.search(root).projects {
            let size =
                (try? FileManager.default.attributesOfItem(atPath: project + "/project.pbxproj")[.size] as? Int) ?? 0
            if size > (largest?.bytes ?? 0) { largest = (root, size) }
        }
    }
    guard let (root, _) = largest else {
        print("project benchmark: no repositories under \(xcode.path)")
        return nil
    }
    return root
}

func runProjectBenchmark(root: String) {
    var options = SessionOptions(directory: root)
    options.standardRules = true
    options.repository.requireManifests = true
    options.repository.tolerateBrokenManifests = true
    guard let first = try? Session.open(options, output: { _ in }) else {
        print("project benchmark: \(root) did not load")
        return
    }
    let files =
        first.report.projects.map { ProjectPath.join($0, "project.pbxproj") }
        + Array(Set(first.engine.inputs.manifests.map(\.file)))
        .filter { $0.hasSuffix(".plist") }.sorted()
    let bytes = files.reduce(0) { total, file in
        total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
    }
    var findings = 0
    let uniform = {
        let session = try! Session.open(options, output: { _ in })
        findings = session.checkedFindings().count
    }
    let foundation = {
        for file in files {
            let data = FileManager.default.contents(atPath: file) ?? Data()
            blackHole(try? PropertyListSerialization.propertyList(from: data, options: [], format: nil))
        }
    }
    var loadOptions = options
    loadOptions.standardRules = false
    let loadOnly = { blackHole(try! Session.open(loadOptions, output: { _ in }).engine.world.apps.count) }
    var ours = Double.infinity, theirs = Double.infinity, loading = Double.infinity
    for _ in 0..<7 {
        ours = min(ours, Clock.best(runs: 1, uniform))
        theirs = min(theirs, Clock.best(runs: 1, foundation))
        loading = min(loading, Clock.best(runs: 1, loadOnly))
    }
    print(
        String(
            format:
                "project (%@): zero-configuration check %.1f ms (%d apps, %d findings); Foundation parsing the same pbxproj + %d plists (%.0f KB) %.1f ms; ratio %.2f× (reading the project, manifests and world alone: %.1f ms, %.2f×)",
            URL(fileURLWithPath: root).lastPathComponent, ours * 1000, first.report.apps.count, findings,
            files.count - first.report.projects.count, Double(bytes) / 1024, theirs * 1000, ours / theirs,
            loading * 1000, loading / theirs))
}
