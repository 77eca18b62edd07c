import Foundation

/// What `RepositoryLoader` found and why, for `--verbose` and `uniform init`: the projects
/// read, each app-like target with its id and platform, targets skipped and plists no target
/// uses. The problems it met are findings (`RepositoryLoad.inputs.findings`), which the
/// caller's configuration may disable or suppress before anything prints them.
public struct LoadReport: Sendable {
    /// With `--policy-from`: where the configuration and rules came from.
    public var policy: String?
    /// How the manifests were chosen: "arguments", "configuration", "discovered under DIR".
    public var source = ""
    public var projects: [String] = []
    public var apps: [App] = []
    public var skippedTargets: [String] = []
    /// Plists that are not manifests, or Info.plists no target of a found project uses.
    public var skippedPlists: [String] = []

    public init() {}

    /// One app of the world as loaded.
    public struct App: Sendable {
        public var bundleID: String
        public var platform: String
        public var file: String
        /// `Project › Target (application, Release)` for apps from a project.
        public var origin: String?
        public var host: String?
        /// How the platform of a manifest read without its project was decided (for one read
        /// with its project, `origin` says).
        public var platformReason: String?
        /// Another vendor's app (`context`): in every answer, not checked.
        public var isContext = false
    }

    /// Lines for `--verbose`, each one line: names, ids and paths come from project files and
    /// file names (`ReportText.line`).
    public var lines: [String] {
        var lines = ["manifests: \(source)"]
        if let policy { lines.append("policy: \(policy)") }
        for project in projects { lines.append("project: \(project)") }
        for app in apps {
            lines.append(
                "app: \(app.bundleID) [\(app.platform)] \(app.file)\(app.origin.map { " — \($0)" } ?? "")\(app.platformReason.map { " — platform: \($0)" } ?? "")\(app.host.map { ", embedded in \($0)" } ?? "")\(app.isContext ? " — context: in every answer, not checked" : "")"
            )
        }
        for target in skippedTargets { lines.append("not an app: \(target)") }
        for plist in skippedPlists { lines.append("skipped: \(plist)") }
        return lines.map(ReportText.line)
    }
}

extension LoadReport.App {
    /// An app as loaded: where it came from, and how its platform was decided.
    public init(_ m: Manifest) {
        self.init(
            bundleID: m.bundleID, platform: m.platform.rawValue, file: m.file,
            origin: m.origin.map {
                "\(ProjectPath.projectName(of: $0.project)) › \($0.target) (\($0.productType), \($0.configuration); \($0.platformReason))"
            },
            host: m.host, platformReason: m.origin == nil ? m.platformReason : nil, isContext: m.isContext)
    }
}
