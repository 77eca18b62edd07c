import Foundation

/// `project.pbxproj` texts whose targets embed others (an app and its extensions): like
/// `TestProject`, plus each target's product and a copy-files phase embedding the products
/// of the targets it names, which is how Xcode records that an app hosts an extension.
enum HostedProject {
    struct Target {
        var name: String
        var productType = "com.apple.product-type.application"
        var settings: [(String, String)]
        var embeds: [String] = []

        var wrapper: String { productType.contains("extension") ? "appex" : "app" }
    }

    static func pbxproj(projectSettings: [(String, String)], targets: [Target]) -> String {
        var objects: [String] = []
        func configuration(_ id: String, _ settings: [(String, String)]) -> String {
            let body = settings.map { "\(TestProject.quoted($0.0)) = \(TestProject.quoted($0.1));" }
                .joined(separator: " ")
            return "\(id) = {isa = XCBuildConfiguration; buildSettings = {\(body)}; name = Release; };"
        }
        objects.append(configuration("P3", projectSettings))
        objects.append(
            "P2 = {isa = XCConfigurationList; buildConfigurations = (P3); defaultConfigurationName = Release; };")
        let index = Dictionary(uniqueKeysWithValues: targets.enumerated().map { ($1.name, $0) })
        for (n, target) in targets.enumerated() {
            objects.append(
                "R\(n) = {isa = PBXFileReference; explicitFileType = \"wrapper.\(target.wrapper)\"; path = \(TestProject.quoted("\(target.name).\(target.wrapper)")); sourceTree = BUILT_PRODUCTS_DIR; };"
            )
            var phases: [String] = []
            if !target.embeds.isEmpty {
                let files = target.embeds.compactMap { index[$0] }.map { "B\(n)x\($0)" }
                for embedded in target.embeds.compactMap({ index[$0] }) {
                    objects.append("B\(n)x\(embedded) = {isa = PBXBuildFile; fileRef = R\(embedded); };")
                }
                objects.append(
                    "E\(n) = {isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (\(files.joined(separator: ", "))); };"
                )
                phases.append("E\(n)")
            }
            objects.append(
                "T\(n) = {isa = PBXNativeTarget; buildConfigurationList = L\(n); buildPhases = (\(phases.joined(separator: ", "))); name = \(TestProject.quoted(target.name)); productReference = R\(n); productType = \(TestProject.quoted(target.productType)); };"
            )
            objects.append(
                "L\(n) = {isa = XCConfigurationList; buildConfigurations = (C\(n)); defaultConfigurationName = Release; };"
            )
            objects.append(configuration("C\(n)", target.settings))
        }
        let products = targets.indices.map { "R\($0)" }.joined(separator: ", ")
        objects.append("G0 = {isa = PBXGroup; children = (\(products)); sourceTree = \"<group>\"; };")
        return TestProject.document(objects, targets: targets.count)
    }
}
