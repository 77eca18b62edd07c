import Foundation

/// Small `project.pbxproj` texts for CLI tests: one Release configuration, app targets with
/// their own settings, optional base configurations (`.xcconfig` files beside the project).
enum TestProject {
    struct Target {
        var name: String
        var settings: [(String, String)]
        var xcconfig: String? = nil
        var productType = "com.apple.product-type.application"
    }

    static func pbxproj(
        projectSettings: [(String, String)] = [("SDKROOT", "iphoneos")], projectXCConfig: String? = nil,
        targets: [Target]
    ) -> String {
        var objects: [String] = []
        var files: [String: String] = [:]
        func fileReference(_ path: String) -> String {
            if let id = files[path] { return id }
            let id = "F\(files.count)"
            files[path] = id
            objects.append(
                "\(id) = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \(quoted(path)); sourceTree = \"<group>\"; };"
            )
            return id
        }
        func configuration(_ id: String, _ settings: [(String, String)], base: String?) -> String {
            let body = settings.map { "\(quoted($0.0)) = \(quoted($0.1));" }.joined(separator: " ")
            let reference = base.map { "baseConfigurationReference = \(fileReference($0)); " } ?? ""
            return "\(id) = {isa = XCBuildConfiguration; \(reference)buildSettings = {\(body)}; name = Release; };"
        }
        objects.append(configuration("P3", projectSettings, base: projectXCConfig))
        objects.append(
            "P2 = {isa = XCConfigurationList; buildConfigurations = (P3); defaultConfigurationName = Release; };")
        for (index, target) in targets.enumerated() {
            objects.append(
                "T\(index) = {isa = PBXNativeTarget; buildConfigurationList = L\(index); name = \(quoted(target.name)); productType = \(quoted(target.productType)); };"
            )
            objects.append(
                "L\(index) = {isa = XCConfigurationList; buildConfigurations = (C\(index)); defaultConfigurationName = Release; };"
            )
            objects.append(configuration("C\(index)", target.settings, base: target.xcconfig))
        }
        let children = files.values.sorted().joined(separator: ", ")
        objects.append("G0 = {isa = PBXGroup; children = (\(children)); sourceTree = \"<group>\"; };")
        return document(objects, targets: targets.count)
    }

    /// Writes `Name.xcodeproj/project.pbxproj` under `directory`.
    /// The project file around its objects: one PBXProject (`P1`, configurations `P2`, main
    /// group `G0`) over targets `T0`…
    static func document(_ objects: [String], targets: Int) -> String {
        let targetList = (0..<targets).map { "T\($0)" }.joined(separator: ", ")
        let all =
            objects + [
                "P1 = {isa = PBXProject; buildConfigurationList = P2; mainGroup = G0; targets = (\(targetList)); };"
            ]
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {};
            \tobjectVersion = 56;
            \tobjects = {
            \(all.map { "\t\t" + $0 }.joined(separator: "\n"))
            \t};
            \trootObject = P1;
            }

            """
    }

    static func write(_ text: String, to directory: URL, name: String = "App") throws {
        try TestManifest.write(text, to: directory, "\(name).xcodeproj/project.pbxproj")
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
