/// The build settings a run adds above every target's own: the configured `.xcconfig` files
/// (the configuration's `xcconfig`, then `--xcconfig`), as `xcodebuild -xcconfig FILE` adds
/// them above the target's settings, then defines (the configuration's `defines`, then
/// `--define`). xcodebuild(1) says of `-xcconfig`: "these settings will override all other
/// settings, including settings passed individually on the command line"; uniform keeps the
/// defines on top instead, so a `--define` always has the last word (as its README promises).
///
/// They are levels of `SettingsStack` like every other: conditions, `$(inherited)`,
/// references in either direction (a `--define PRODUCT_NAME=…` changes the bundle id an
/// `.xcconfig` builds from it), modifiers, cycle findings and the length cap hold on this route
/// as on a project's. A manifest read without a project resolves its placeholders against
/// these levels alone (`table(configuration:)`); a project's targets put them on top of their
/// own (`ProjectReader(above:)`).
public struct RunSettings: Sendable {
    /// Lowest first: the xcconfig level (when any file is configured), then the defines level.
    public private(set) var levels: [SettingsStack.Level] = []
    /// Findings from reading the files: includes not read, lines that are not settings.
    public private(set) var findings: [Finding] = []

    public init() {}

    /// Reads the files (nothing outside each one's boundary), in order; later files win.
    ///
    /// - Parameters:
    ///   - xcconfigs: each file with the folder its includes are bounded by (the repository).
    ///   - defines: each set of defines with where it was written, lowest first.
    public init(
        xcconfigs: [(path: String, boundary: String?)],
        defines: [(values: [String: String], location: SourceLocation)] = []
    ) throws(XCConfigError) {
        var assignments: [SettingAssignment] = []
        for (path, boundary) in xcconfigs {
            let config = try XCConfig.load(path, boundary: boundary)
            assignments += config.assignments
            findings += config.findings
        }
        if !assignments.isEmpty { levels.append(SettingsStack.Level(name: "xcconfig", assignments: assignments)) }
        var defined: [SettingAssignment] = []
        for (values, location) in defines {
            // Sorted, so the level reads the same on every run.
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                defined.append(SettingAssignment(name: name, value: value, location: location))
            }
        }
        if !defined.isEmpty { levels.append(SettingsStack.Level(name: "defines", assignments: defined)) }
    }

    /// Levels of plain defines, for a library user or a test: `ManifestLoader(defines:)`.
    public static func defines(_ values: [String: String], location: SourceLocation) -> [SettingsStack.Level] {
        guard !values.isEmpty else { return [] }
        return [
            SettingsStack.Level(
                name: "defines",
                assignments: values.sorted { $0.key < $1.key }.map {
                    SettingAssignment(name: $0.key, value: $0.value, location: location)
                })
        ]
    }

    public var isEmpty: Bool { levels.isEmpty }

    /// The settings a manifest outside any project resolves against, with the findings the
    /// evaluation made (cycles, cut values) and a note per setting whose conditions depend on
    /// the SDK, which such a manifest does not name: it takes the value without them.
    public func table(configuration: String) -> (values: [String: String], findings: [Finding]) {
        Self.table(levels, configuration: configuration)
    }

    static func table(
        _ levels: [SettingsStack.Level], configuration: String
    ) -> (values: [String: String], findings: [Finding]) {
        guard !levels.isEmpty else { return ([:], []) }
        let stack = SettingsStack(levels: levels, parameters: BuildParameters(sdk: nil, configuration: configuration))
        let values = stack.table()
        var notes: [Finding] = []
        var seen = Set<String>()
        for level in levels {
            for a in level.assignments where a.conditions.contains(where: { $0.parameter != "config" }) {
                guard seen.insert(a.name).inserted else { continue }
                let conditions = a.conditions.map { "[\($0.parameter)=\($0.pattern)]" }.joined()
                notes.append(
                    Finding(
                        .xcconfigConditionSkipped,
                        message:
                            "\(a.name)\(conditions) depends on the SDK or architecture, which a manifest outside a project does not name; uniform takes the value of \(a.name) without that condition (pass --define \(a.name)=… to choose)",
                        location: a.location, subject: a.name))
            }
        }
        return (values, stack.findings + notes)
    }
}
