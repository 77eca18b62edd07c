extension RuleExample {
    /// An Xcode project, `App.xcodeproj` at the repository's root, with one macOS app target
    /// `App` whose build configuration sets `settings` (and the project's, `projectSettings`),
    /// based on the `.xcconfig` at `baseConfiguration` when given. `uniform rules ID` shows
    /// the settings instead of the generated project file.
    public static func xcodeApp(
        settings: [String: String], projectSettings: [String: String] = [:], baseConfiguration: String? = nil,
        configuration: String = "Release", files: [String: String] = [:], arguments: [String] = []
    ) -> RuleExample {
        var all = files
        all["App.xcodeproj/project.pbxproj"] = projectFile(
            settings: settings, projectSettings: projectSettings, baseConfiguration: baseConfiguration,
            configuration: configuration)
        var shown = "App.xcodeproj: app target App, \(configuration) configuration"
        if let baseConfiguration { shown += " based on \(baseConfiguration)" }
        shown +=
            ", sets "
            + settings.keys.sorted().prefix(6).map { "\($0) = \(abbreviated(settings[$0]!))" }.joined(
                separator: "; ") + (settings.count > 6 ? " and \(settings.count - 6) more settings" : "")
        if !projectSettings.isEmpty {
            shown += "; the project sets \(projectSettings.count) setting\(projectSettings.count == 1 ? "" : "s")"
        }
        var example = RuleExample(files: all, arguments: arguments)
        example.descriptions["App.xcodeproj/project.pbxproj"] = shown
        return example
    }

    static func abbreviated(_ value: String) -> String {
        value.count > 120 ? "\(value.prefix(12))… (\(value.count) characters)" : value
    }

    /// A workspace listing `projects` (paths relative to the repository).
    public static func workspace(_ projects: [String], files: [String: String] = [:]) -> RuleExample {
        var all = files
        all["App.xcworkspace/contents.xcworkspacedata"] =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace version = \"1.0\">\n"
            + projects.map { "   <FileRef location = \"group:\($0)\">\n   </FileRef>\n" }.joined() + "</Workspace>\n"
        return RuleExample(files: all)
    }

    private static func projectFile(
        settings: [String: String], projectSettings: [String: String], baseConfiguration: String?,
        configuration: String
    ) -> String {
        func block(_ settings: [String: String]) -> String {
            settings.keys.sorted().map { "\t\t\t\t\(quoted($0)) = \(quoted(settings[$0]!));\n" }.joined()
        }
        let reference =
            baseConfiguration.map {
                "\t\t7A0000000000000000000F01 = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \(quoted($0)); sourceTree = \"<group>\"; };\n"
            } ?? ""
        let base = baseConfiguration == nil ? "" : "\t\t\tbaseConfigurationReference = 7A0000000000000000000F01;\n"
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 56;
            \tobjects = {
            \(reference)\t\t7A0000000000000000000B01 = {
            \t\t\tisa = PBXGroup;
            \t\t\tchildren = (\(baseConfiguration == nil ? "" : " 7A0000000000000000000F01,") );
            \t\t\tsourceTree = "<group>";
            \t\t};
            \t\t7A0000000000000000000C01 = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = 7A0000000000000000000E02;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tname = App;
            \t\t\tproductName = App;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\t7A0000000000000000000001 = {
            \t\t\tisa = PBXProject;
            \t\t\tbuildConfigurationList = 7A0000000000000000000E01;
            \t\t\tmainGroup = 7A0000000000000000000B01;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \t\t\t\t7A0000000000000000000C01,
            \t\t\t);
            \t\t};
            \t\t7A0000000000000000000D01 = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tSDKROOT = macosx;
            \(block(projectSettings))\t\t\t};
            \t\t\tname = \(quoted(configuration));
            \t\t};
            \t\t7A0000000000000000000D02 = {
            \t\t\tisa = XCBuildConfiguration;
            \(base)\t\t\tbuildSettings = {
            \(block(settings))\t\t\t};
            \t\t\tname = \(quoted(configuration));
            \t\t};
            \t\t7A0000000000000000000E01 = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\t7A0000000000000000000D01,
            \t\t\t);
            \t\t\tdefaultConfigurationName = \(quoted(configuration));
            \t\t};
            \t\t7A0000000000000000000E02 = {
            \t\t\tisa = XCConfigurationList;
            \t\t\tbuildConfigurations = (
            \t\t\t\t7A0000000000000000000D02,
            \t\t\t);
            \t\t\tdefaultConfigurationName = \(quoted(configuration));
            \t\t};
            \t};
            \trootObject = 7A0000000000000000000001;
            }

            """
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
