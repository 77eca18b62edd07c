/// Projects a workspace lists that are not there (git submodules not checked out): a note
/// each, or past three one note for the workspace naming three and pointing at the rest, so a
/// workspace of 28 emulator cores kept in submodules (OpenEmu) says it once.
public enum MissingProjects {
    public static func findings(
        _ missing: [(project: String, location: SourceLocation)], workspace: String
    ) -> [Finding] {
        guard missing.count > 3 else {
            return missing.map { project, location in
                Finding(
                    .xcodeMissingProject,
                    message:
                        "the workspace lists \(project), which is not in the repository ("
                        + (CocoaPods.writes(project)
                            ? "CocoaPods writes it: run pod install first" : "a submodule not checked out?")
                        + "); its targets are not read",
                    location: location, subject: project)
            }
        }
        let names = missing.prefix(3).map { ProjectPath.lastComponent($0.project) }.joined(separator: ", ")
        var finding = Finding(
            .xcodeMissingProject,
            message:
                "the workspace lists \(missing.count) projects that are not in the repository (\(names) and \(missing.count - 3) more; submodules not checked out?); their targets are not read",
            location: missing[0].location, subject: ProjectPath.lastComponent(workspace))
        finding.related = missing.dropFirst().map(\.location)
        return [finding]
    }
}
