import Foundation
import UniformCore

/// The hand-written repositories in `Tests/UniformCoreTests/XcodeFixtures/` (its README says
/// what each exercises), read as `uniform check` reads a repository: discovery from the root,
/// then every project with the root as the boundary. Paths in answers are made relative to
/// the repository so expectations do not depend on where the checkout lives.
struct XcodeFixture {
    static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/UniformCoreTests/XcodeFixtures")

    let root: String
    let discovery: ProjectDiscovery
    var apps: [ProjectApp] = []
    var skipped: [(target: String, reason: String)] = []
    var findings: [Finding] = []

    init(_ repository: String, configuration: String = "Release") throws {
        root = Self.directory.appendingPathComponent(repository).path
        discovery = ProjectDiscovery.search(root)
        for path in discovery.projects {
            let project = try XcodeProject.load(path, boundary: root)
            let result = ProjectReader(configuration: configuration, boundary: root).read(project)
            apps += result.apps
            skipped += result.skipped
            findings += result.findings
        }
    }

    /// `path` without the repository's root.
    func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// `file:line` with the file relative to the repository.
    func relative(_ location: SourceLocation?) -> String {
        guard let location else { return "-" }
        return relative(location.file) + (location.line.map { ":\($0)" } ?? "")
    }

    /// A finding as `severity rule file:line`, the message left to the tests that need it.
    func summary(_ finding: Finding) -> String {
        "\(finding.severity) \(finding.rule) \(relative(finding.location))"
    }

    /// An app as `target [platform] bundle-id Info.plist`.
    func summary(_ app: ProjectApp) -> String {
        "\(app.target) [\(app.platform)] \(app.bundleID ?? "-") \(app.infoPlist.map(relative) ?? "-")"
    }

    /// The app built from `target` for `platform`.
    func app(_ target: String, _ platform: Platform) -> ProjectApp? {
        apps.first { $0.target == target && $0.platform == platform }
    }
}
